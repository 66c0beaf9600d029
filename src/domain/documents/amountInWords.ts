// The amount in Chinese capital numerals (人民币大写) a contract prints under its total
// (settings-messaging-shared §3 "Contract form": total in words). Rounded to the cent first.

import { roundTo } from './amounts';

const DIGITS = '零壹贰叁肆伍陆柒捌玖';
const PLACES = ['', '拾', '佰', '仟'];
const GROUPS = ['', '万', '亿', '万亿'];

/** The integer part: 1010 → 壹仟零壹拾, 100010000 → 壹亿零壹万; '' for 0. */
function integerInWords(value: number): string {
  const digits = String(value);
  let out = '';
  let pendingZero = false;
  for (let i = 0; i < digits.length; i++) {
    const digit = Number(digits[i]);
    const position = digits.length - 1 - i;
    const place = position % 4;
    const group = Math.floor(position / 4);
    if (digit === 0) {
      if (out !== '') pendingZero = true;
    } else {
      if (pendingZero) out += '零';
      pendingZero = false;
      out += `${DIGITS[digit]}${PLACES[place]}`;
    }
    if (place === 0 && group > 0) {
      const groupDigits = digits.slice(Math.max(0, i - 3), i + 1);
      if (/[1-9]/.test(groupDigits)) out += GROUPS[group];
    }
  }
  return out;
}

/**
 * 1234.5 → 壹仟贰佰叁拾肆元伍角整, 100.05 → 壹佰元零伍分, 0 → 零元整, -3 → 负叁元整; '' for a
 * value that is not a finite number or too large to write (a trillion and up).
 */
export function amountInWords(value: number): string {
  const rounded = roundTo(value);
  if (!Number.isFinite(rounded) || Math.abs(rounded) >= 1e12) return '';
  const cents = Math.round(Math.abs(rounded) * 100);
  const yuan = Math.floor(cents / 100);
  const jiao = Math.floor(cents / 10) % 10;
  const fen = cents % 10;
  const sign = rounded < 0 && cents > 0 ? '负' : '';
  if (cents === 0) return '零元整';
  let out = yuan > 0 ? `${integerInWords(yuan)}元` : '';
  if (jiao === 0 && fen === 0) return `${sign}${out}整`;
  if (jiao > 0) out += `${DIGITS[jiao]}角`;
  else if (yuan > 0) out += '零';
  out += fen > 0 ? `${DIGITS[fen]}分` : '整';
  return `${sign}${out}`;
}
