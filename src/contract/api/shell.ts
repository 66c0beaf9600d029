// The header's calls (settings-messaging-shared §2 "Shell"): the logo's landing list per company
// (GET /index) and the news ticker (GET /api/v7/news, public). The kept copies' shapes live here
// too: src/platform/persisted.ts validates them on read.
import { z } from 'zod';
import { SHEET_LIST_TYPES } from '../../domain/purchase/listTypes';
import { type NoRequest, route } from './route';

export const indexAnswerSchema = z.object({ menu: z.enum(SHEET_LIST_TYPES) });

/** Company id (as text: JSON keys) → the sheet type its logo lands on. */
export const indexPagesSchema = z.record(z.string(), z.enum(SHEET_LIST_TYPES));

export const newsItemSchema = z.object({ title: z.string(), url: z.string() });

export const newsAnswerSchema = z.object({
  items: z.array(newsItemSchema.extend({ published_at: z.string().nullable().optional() })),
});

export const SHELL_ROUTES = {
  indexPage: route<NoRequest>()({ method: 'GET', path: () => '/index', answer: indexAnswerSchema }),
  news: route<{ query: { limit: number } }>()({
    method: 'GET',
    path: () => '/api/v7/news',
    answer: newsAnswerSchema,
  }),
};
