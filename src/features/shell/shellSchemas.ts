// Shapes of what the header fetches and keeps for offline starts: the logo's landing list per
// company (GET /index) and the news ticker's item (GET /api/v7/news).
import { z } from 'zod';
import { SHEET_LIST_TYPES } from '../../domain/purchase/listTypes';

export const indexAnswerSchema = z.object({ menu: z.enum(SHEET_LIST_TYPES) });

/** Company id (as text: JSON keys) → the sheet type its logo lands on. */
export const indexPagesSchema = z.record(z.string(), z.enum(SHEET_LIST_TYPES));

export const newsItemSchema = z.object({ title: z.string(), url: z.string() });

export const newsAnswerSchema = z.object({
  items: z.array(newsItemSchema.extend({ published_at: z.string().nullable().optional() })),
});
