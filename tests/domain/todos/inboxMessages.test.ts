import { describe, expect, it } from 'vitest';
import { listedCount, stepPosition } from '../../../src/domain/todos/messages';

describe('to-do page wording', () => {
  it.each([
    [1, 1, '第 1 / 1 条'],
    [3, 45, '第 3 / 45 条'],
  ])('stepper at %s of %s reads %s', (position, count, text) => {
    expect(stepPosition(position, count)).toBe(text);
  });

  it.each([
    [0, 0, '共 0 条'],
    [12, 12, '共 12 条'],
    [200, 731, '共 731 条，显示最新 200 条'],
  ])('%s shown of %s reads %s', (shown, total, text) => {
    expect(listedCount(shown, total)).toBe(text);
  });
});
