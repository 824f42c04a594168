import { useRef } from 'react';
import { withPlaceholder } from '@/lib/with-placeholder';

/**
 * Puts a placeholder into a template textarea: at its caret once the user has been in it, else into
 * its JSON object (`withPlaceholder`). `textareaRef` and `onFocus` go on the textarea.
 */
export function usePlaceholderInsert(read: () => string, write: (value: string) => void) {
  const textareaRef = useRef<HTMLTextAreaElement | null>(null);
  const hasCaret = useRef(false);
  const insert = (placeholder: string) => {
    const textarea = textareaRef.current;
    const caret =
      hasCaret.current && textarea ? { start: textarea.selectionStart, end: textarea.selectionEnd } : null;
    write(withPlaceholder(read(), placeholder, caret));
  };
  const onFocus = () => {
    hasCaret.current = true;
  };
  return { textareaRef, insert, onFocus };
}
