import { RE2JS } from 're2js';
import { MAX_REGEX_LENGTH } from '../conditions/check-regex-pattern';

/**
 * A string the pattern matches, built from its syntax (not guessed): literals as written, one
 * character per class, each repetition at its minimum, the first alternative, anchors and word
 * boundaries as nothing. The result is checked with re2js; null when the pattern does not compile,
 * uses a construct this generator does not cover (`\C`, unknown `\p{…}`), or the sample does not
 * match (e.g. `a^b`, or `\B` between two generated word characters).
 */
export function generateRegexSample(pattern: string, caseSensitive = true): string | null {
  if (typeof pattern !== 'string' || pattern.length > MAX_REGEX_LENGTH) return null;
  let regex: RE2JS;
  try {
    regex = RE2JS.compile(pattern, caseSensitive ? 0 : RE2JS.CASE_INSENSITIVE);
  } catch {
    return null;
  }
  let sample: string | null;
  try {
    const parser = new SampleParser(pattern);
    sample = parser.parse();
  } catch {
    // Syntax the scanner does not follow; re2js accepted it, but we cannot generate from it.
    return null;
  }
  return sample !== null && regex.test(sample) ? sample : null;
}

/** Longest sample built; beyond it (`(a{1000}){1000}`) generation gives up. */
const MAX_SAMPLE_LENGTH = 10_000;

type Range = readonly [number, number];

const DIGIT: Range[] = [[48, 57]];
const WORD: Range[] = [
  [48, 57],
  [65, 90],
  [95, 95],
  [97, 122],
];
const SPACE: Range[] = [
  [9, 10],
  [12, 13],
  [32, 32],
];
const POSIX: Readonly<Record<string, Range[]>> = {
  alnum: [
    [48, 57],
    [65, 90],
    [97, 122],
  ],
  alpha: [
    [65, 90],
    [97, 122],
  ],
  ascii: [[0, 127]],
  blank: [
    [9, 9],
    [32, 32],
  ],
  cntrl: [
    [0, 31],
    [127, 127],
  ],
  digit: DIGIT,
  graph: [[33, 126]],
  lower: [[97, 122]],
  print: [[32, 126]],
  punct: [
    [33, 47],
    [58, 64],
    [91, 96],
    [123, 126],
  ],
  space: [
    [9, 13],
    [32, 32],
  ],
  upper: [[65, 90]],
  word: WORD,
  xdigit: [
    [48, 57],
    [65, 70],
    [97, 102],
  ],
};
/** Unicode classes by a representative character; others are not generated. */
const UNICODE_SAMPLES: Readonly<Record<string, string>> = {
  L: 'a',
  Letter: 'a',
  Ll: 'a',
  Lu: 'A',
  N: '1',
  Nd: '1',
  P: '.',
  Z: ' ',
  Zs: ' ',
  Latin: 'a',
  Greek: 'α',
  Cyrillic: 'д',
  Han: '中',
  Arabic: 'ب',
  Hebrew: 'א',
};
/** Characters tried, in order, when a class has to pick one: readable ones first. */
const PREFERRED = 'aexAX10 _-.b'
  .split('')
  .concat(Array.from({ length: 95 }, (_, i) => String.fromCharCode(32 + i)))
  .map((char) => char.codePointAt(0) as number);

/** Recursive descent over RE2 syntax, producing the sample directly. */
class SampleParser {
  private i = 0;

  constructor(private readonly pattern: string) {}

  parse(): string | null {
    const sample = this.alternation();
    return this.i === this.pattern.length ? sample : null;
  }

  private alternation(): string | null {
    let chosen = this.sequence();
    while (this.pattern[this.i] === '|') {
      this.i++;
      const option = this.sequence();
      chosen ??= option;
    }
    return chosen;
  }

  private sequence(): string | null {
    let sample: string | null = '';
    while (this.i < this.pattern.length && this.pattern[this.i] !== '|' && this.pattern[this.i] !== ')') {
      const atom = this.atom();
      const count = this.repetition();
      if (sample === null || atom === null) {
        sample = count === 0 && sample !== null ? sample : null;
        continue;
      }
      if (sample.length + atom.length * count > MAX_SAMPLE_LENGTH) throw new Error('sample too long');
      sample += atom.repeat(count);
    }
    return sample;
  }

  /** The minimum count of the quantifiers after an atom (1 when none). */
  private repetition(): number {
    let count = 1;
    for (;;) {
      const char = this.pattern[this.i];
      if (char === '*' || char === '?') count = 0;
      else if (char === '+') count *= 1;
      else if (char === '{' && /^\{\d+(,\d*)?\}/.test(this.pattern.slice(this.i, this.i + 12))) {
        const close = this.find('}');
        count *= Number(this.pattern.slice(this.i + 1, close).split(',')[0]);
        this.i = close;
      } else return count;
      this.i++;
      if (this.pattern[this.i] === '?') this.i++;
    }
  }

  private atom(): string | null {
    const char = this.charAt(this.i);
    if (char === '(') return this.group();
    if (char === '[') return this.characterClass();
    if (char === '\\') return this.escape();
    this.i++;
    if (char === '^' || char === '$') return '';
    if (char === '.') return 'a';
    // Astral characters are two UTF-16 units; keep them whole.
    const code = char.charCodeAt(0);
    if (code >= 0xd800 && code <= 0xdbff && this.i < this.pattern.length) return char + this.charAt(this.i++);
    return char;
  }

  private group(): string | null {
    this.i++;
    if (this.pattern[this.i] === '?') {
      this.i++;
      if (this.pattern[this.i] === 'P' || this.pattern[this.i] === '<') {
        // Named group: (?P<name>…) or (?<name>…).
        this.i = this.find('>') + 1;
      } else {
        // Flags: (?i) alone, or (?i:…) as a group.
        while (this.i < this.pattern.length && this.pattern[this.i] !== ')' && this.pattern[this.i] !== ':')
          this.i++;
        if (this.pattern[this.i] === ')') {
          this.i++;
          return '';
        }
        this.i++;
      }
    }
    const inner = this.alternation();
    if (this.pattern[this.i] !== ')') throw new Error('unclosed group');
    this.i++;
    return inner;
  }

  private escape(): string | null {
    this.i++;
    const char = this.charAt(this.i++);
    switch (char) {
      case 'd':
        return '1';
      case 'D':
      case 'w':
      case 'S':
        return 'a';
      case 'W':
        return '-';
      case 's':
        return ' ';
      case 'b':
      case 'B':
      case 'A':
      case 'z':
        return '';
      case 'p':
      case 'P':
        return this.unicodeClass(char === 'P');
      case 'Q': {
        const end = this.pattern.indexOf('\\E', this.i);
        const text = this.pattern.slice(this.i, end === -1 ? undefined : end);
        this.i = end === -1 ? this.pattern.length : end + 2;
        return text;
      }
      case 'C':
        return null;
      default:
        return String.fromCodePoint(this.escapedCode(char));
    }
  }

  /** The code point of a single-character escape (`\n`, `\x41`, `\x{263a}`, `\101`, `\.`). */
  private escapedCode(char: string): number {
    switch (char) {
      case 'n':
        return 10;
      case 't':
        return 9;
      case 'r':
        return 13;
      case 'f':
        return 12;
      case 'v':
        return 11;
      case 'a':
        return 7;
      case 'x': {
        if (this.pattern[this.i] === '{') {
          const close = this.find('}');
          const code = Number.parseInt(this.pattern.slice(this.i + 1, close), 16);
          this.i = close + 1;
          return code;
        }
        const code = Number.parseInt(this.pattern.slice(this.i, this.i + 2), 16);
        this.i += 2;
        return code;
      }
      default:
        if (char >= '0' && char <= '7') {
          let digits = char;
          while (digits.length < 3 && /[0-7]/.test(this.pattern[this.i] ?? ''))
            digits += this.pattern[this.i++];
          return Number.parseInt(digits, 8);
        }
        return char.codePointAt(0) as number;
    }
  }

  private unicodeClass(isNegated: boolean): string | null {
    let name: string;
    if (this.pattern[this.i] === '{') {
      const close = this.find('}');
      name = this.pattern.slice(this.i + 1, close);
      this.i = close + 1;
    } else {
      name = this.charAt(this.i++);
    }
    const negated = isNegated !== name.startsWith('^');
    const sample = UNICODE_SAMPLES[name.replace(/^\^/, '')];
    if (!sample) return null;
    // Outside a class of letters a digit, outside any other listed class a letter.
    if (!negated) return sample;
    return sample === '1' || sample === '.' || sample === ' ' ? 'a' : '1';
  }

  /**
   * The character at `index`. The pattern compiled, so every construct is complete; running past
   * its end means syntax the scanner does not follow, and generation gives up.
   */
  private charAt(index: number): string {
    const char = this.pattern[index];
    if (char === undefined) throw new Error('unexpected end of pattern');
    return char;
  }

  /** The index of the next `char`; the pattern compiled, so it is there, but never loop on it. */
  private find(char: string): number {
    const index = this.pattern.indexOf(char, this.i);
    if (index === -1) throw new Error(`missing ${char}`);
    return index;
  }

  private characterClass(): string | null {
    this.i++;
    const isNegated = this.pattern[this.i] === '^';
    if (isNegated) this.i++;
    const ranges: Range[] = [];
    let isFirst = true;
    while (this.i < this.pattern.length && (this.pattern[this.i] !== ']' || isFirst)) {
      isFirst = false;
      const posix = /^\[:(\^?)([a-z]+):\]/.exec(this.pattern.slice(this.i, this.i + 12));
      if (posix) {
        const className = posix[2];
        const set = className === undefined ? undefined : POSIX[className];
        if (!set) return null;
        ranges.push(...(posix[1] ? complement(set) : set));
        this.i += posix[0].length;
        continue;
      }
      const low = this.classAtom();
      if (low === null) return null;
      if (typeof low !== 'number') {
        ranges.push(...low);
        continue;
      }
      if (
        this.pattern[this.i] === '-' &&
        this.pattern[this.i + 1] !== ']' &&
        this.i + 1 < this.pattern.length
      ) {
        this.i++;
        const high = this.classAtom();
        if (typeof high !== 'number') return null;
        ranges.push([low, high]);
      } else {
        ranges.push([low, low]);
      }
    }
    if (this.pattern[this.i] !== ']') throw new Error('unclosed class');
    this.i++;
    return pickCharacter(isNegated ? complement(ranges) : ranges);
  }

  /** One class member: a code point, or a set for `\d`, `\w`, `\s` and their negations. */
  private classAtom(): number | Range[] | null {
    const code = this.pattern.codePointAt(this.i) as number;
    this.i += code > 0xffff ? 2 : 1;
    if (code !== 92) return code;
    const escaped = this.charAt(this.i++);
    switch (escaped) {
      case 'd':
        return DIGIT;
      case 'D':
        return complement(DIGIT);
      case 'w':
        return WORD;
      case 'W':
        return complement(WORD);
      case 's':
        return SPACE;
      case 'S':
        return complement(SPACE);
      case 'p':
      case 'P': {
        const sample = this.unicodeClass(escaped === 'P');
        if (sample === null) return null;
        const code = sample.codePointAt(0) as number;
        return [[code, code]];
      }
      default:
        return this.escapedCode(escaped);
    }
  }
}

function complement(ranges: readonly Range[]): Range[] {
  const sorted = [...ranges].sort((a, b) => a[0] - b[0]);
  const result: Range[] = [];
  let next = 0;
  for (const [low, high] of sorted) {
    if (low > next) result.push([next, low - 1]);
    next = Math.max(next, high + 1);
  }
  if (next <= 0x10ffff) result.push([next, 0x10ffff]);
  return result;
}

function pickCharacter(ranges: readonly Range[]): string | null {
  const contains = (code: number) => ranges.some(([low, high]) => code >= low && code <= high);
  const preferred = PREFERRED.find(contains);
  if (preferred !== undefined) return String.fromCodePoint(preferred);
  for (const [low, high] of ranges) {
    for (let code = low; code <= high && code <= low + 0x800; code++) {
      // Surrogates are not characters on their own.
      if (code < 0xd800 || code > 0xdfff) return String.fromCodePoint(code);
    }
  }
  return null;
}
