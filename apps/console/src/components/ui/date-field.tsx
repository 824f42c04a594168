import { ptBR } from 'date-fns/locale';
import { CalendarDays } from 'lucide-react';
import { useEffect, useState } from 'react';
import { DayPicker } from 'react-day-picker';
import 'react-day-picker/style.css';
import { format } from 'date-fns';
import { API_DATE_FORMAT, formatDisplayDate, parseDisplayDate, toDate } from '@/lib/date-input';
import { Button } from './button';
import { Input } from './input';
import { Popover, PopoverContent, PopoverTrigger } from './popover';

/**
 * A date typed as dd/MM/yyyy or picked on a pt-BR calendar, whatever the browser's locale (the native
 * date input follows the browser). `value` and `onChange` use the API's yyyy-MM-dd; '' is no date.
 */
export function DateField({
  id,
  value,
  onChange,
  calendarLabel,
}: {
  id: string;
  value: string | undefined;
  onChange: (value: string) => void;
  calendarLabel: string;
}) {
  const [text, setText] = useState(() => formatDisplayDate(value));
  const [isOpen, setIsOpen] = useState(false);
  const isInvalid = text.trim() !== '' && parseDisplayDate(text) === null;

  useEffect(() => setText(formatDisplayDate(value)), [value]);

  const commit = (next: string) => {
    if (next.trim() === '') {
      if (value) onChange('');
      return;
    }
    const parsed = parseDisplayDate(next);
    if (parsed && parsed !== value) onChange(parsed);
  };

  return (
    <div className="flex gap-1">
      <Input
        id={id}
        inputMode="numeric"
        placeholder="dd/mm/aaaa"
        autoComplete="off"
        value={text}
        aria-invalid={isInvalid}
        onChange={(event) => setText(event.target.value)}
        onBlur={() => commit(text)}
        onKeyDown={(event) => {
          if (event.key === 'Enter') commit(text);
        }}
      />
      <Popover open={isOpen} onOpenChange={setIsOpen}>
        <PopoverTrigger asChild>
          <Button variant="outline" size="icon" aria-label={calendarLabel} title={calendarLabel}>
            <CalendarDays />
          </Button>
        </PopoverTrigger>
        <PopoverContent>
          <DayPicker
            mode="single"
            locale={ptBR}
            selected={toDate(value)}
            defaultMonth={toDate(value)}
            onSelect={(date) => {
              onChange(date ? format(date, API_DATE_FORMAT) : '');
              setIsOpen(false);
            }}
          />
        </PopoverContent>
      </Popover>
    </div>
  );
}
