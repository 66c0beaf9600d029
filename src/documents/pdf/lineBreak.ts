// Line breaking for mixed Chinese and Latin text, measured with the embedded font only (never
// canvas or DOM), so browser and server break lines alike. A break may fall between any two CJK
// characters and at spaces between Latin words; a Latin word longer than the line is split by
// character. Kinsoku: no line starts with closing punctuation (，。）》 …) and none ends with
// opening punctuation (（《“ …): such marks stay glued to their neighbour.

export type Measure = (text: string) => number;

const NO_LINE_START = new Set([
  ...'，。、；：！？）》」』】〕〉〗〙〛”’…‥·・ー々〻ゝゞヽヾ％‰℃°',
  ...',.;:!?)]}%',
]);
const NO_LINE_END = new Set([...'（《「『【〔〈〖〘〚“‘', ...'([{']);

/** Ideographs, kana, hangul, CJK punctuation and full-width forms: each may stand alone. */
const CJK =
  /[\u2E80-\u2FFF\u3000-\u303F\u3040-\u30FF\u3100-\u312F\u3190-\u31FF\u3400-\u4DBF\u4E00-\u9FFF\uAC00-\uD7AF\uF900-\uFAFF\uFE30-\uFE4F\uFF00-\uFFEF\u{20000}-\u{3FFFF}]/u;

function tokenize(paragraph: string): string[] {
  const tokens: string[] = [];
  let word = '';
  const flush = () => {
    if (word) tokens.push(word);
    word = '';
  };
  for (const ch of paragraph) {
    if (ch === ' ') {
      flush();
      tokens.push(' ');
    } else if (CJK.test(ch)) {
      flush();
      tokens.push(ch);
    } else {
      word += ch;
    }
  }
  flush();

  const glued: string[] = [];
  let pendingOpen = '';
  for (const token of tokens) {
    const first = token[0] ?? '';
    const last = glued.length > 0 ? glued[glued.length - 1] : undefined;
    if (pendingOpen && token !== ' ') {
      glued.push(pendingOpen + token);
      pendingOpen = '';
    } else if (NO_LINE_START.has(first) && last !== undefined && last !== ' ') {
      glued[glued.length - 1] = last + token;
    } else if (token.length === 1 && NO_LINE_END.has(token)) {
      pendingOpen += token;
    } else {
      if (pendingOpen) glued.push(pendingOpen);
      pendingOpen = '';
      glued.push(token);
    }
    // A closing mark glued above may itself be followed by an opening one: handled next round.
  }
  if (pendingOpen) glued.push(pendingOpen);
  return glued;
}

/** Splits a token wider than the line into pieces that fit (at least one character each). */
function hardSplit(token: string, maxWidth: number, measure: Measure): string[] {
  const pieces: string[] = [];
  let piece = '';
  for (const ch of token) {
    if (piece && measure(piece + ch) > maxWidth) {
      pieces.push(piece);
      piece = '';
    }
    piece += ch;
  }
  if (piece) pieces.push(piece);
  return pieces;
}

/** The lines of `text` for a column `maxWidth` wide; '\n' always breaks. Never returns []. */
export function wrapText(text: string, maxWidth: number, measure: Measure): string[] {
  const lines: string[] = [];
  for (const paragraph of text.split('\n')) {
    let line = '';
    let width = 0;
    const push = () => {
      lines.push(line.trimEnd());
      line = '';
      width = 0;
    };
    for (const token of tokenize(paragraph)) {
      if (token === ' ' && line === '') continue;
      const tokenWidth = measure(token);
      const fits = width + (token === ' ' ? 0 : tokenWidth) <= maxWidth;
      if (fits) {
        line += token;
        width += tokenWidth;
        continue;
      }
      if (line.trim() !== '') push();
      if (token === ' ') continue;
      if (tokenWidth <= maxWidth) {
        line = token;
        width = tokenWidth;
        continue;
      }
      const pieces = hardSplit(token, maxWidth, measure);
      for (const piece of pieces.slice(0, -1)) lines.push(piece);
      line = pieces[pieces.length - 1] ?? '';
      width = measure(line);
    }
    push();
  }
  return lines;
}
