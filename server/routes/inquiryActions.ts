// The inquiry-quotation mutations (purchasing-core §7.2): create, save draft, line edits, state
// changes (submit_contract, cancel, restore, send_inquiry) and owner change. Each handler is one
// `mutate` call around a service function, so Idempotency-Key, the feed and the poke come free.

import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { FollowerBody } from '../../src/contract/api/outbox';
import { APP_ROUTES as R } from '../../src/contract/api/routes';
import type { CancelBody } from '../../src/contract/api/sheets';
import { requireMembership } from '../auth/session';
import type { Db } from '../db/database';
import { SHEET_BODY_LIMIT } from '../http/bodyLimits';
import { badRequest } from '../http/httpError';
import { ifMatchVersion } from '../http/ifMatch';
import { answer, ok } from '../http/replies';
import type { LineInput } from '../purchasing/sheetInput';
import {
  addLine,
  type CreateSheetInput,
  cancelSheet,
  changeSheetOwner,
  createSheet,
  deleteLine,
  placeOrder,
  restoreSheet,
  type SaveDraftInput,
  type SheetActor,
  saveDraft,
  sendInquiry,
  updateLine,
} from '../purchasing/sheetService';
import { mutate } from '../sync/mutation';
import {
  actionBody,
  actionParams,
  companyQuery,
  createBody,
  followerBody,
  idParams,
  lineBody,
  lineParams,
  saveDraftBody,
} from './inquirySchemas';

const BASE = '/inquiry-api/v7/inquiry_quotation';

type IdParams = { id: number };
/** cancel's body (the contract's); submit_contract and restore send none. */
type ActionBody = CancelBody | null;

function actorOf(request: FastifyRequest): SheetActor {
  const { membership } = requireMembership(request);
  return {
    companyId: membership.companyId,
    contactId: membership.contactId,
    contactName: membership.contactName,
  };
}

export function registerInquiryActions(app: FastifyInstance, db: Db): void {
  app.post<{ Body: CreateSheetInput }>(
    BASE,
    { bodyLimit: SHEET_BODY_LIMIT, schema: { querystring: companyQuery, body: createBody } },
    async (request, reply) => {
      const actor = actorOf(request);
      return mutate(db, request, reply, async (tx, changes) =>
        ok(await createSheet(tx, changes, actor, request.body)),
      );
    },
  );

  app.post<{ Params: IdParams; Body: SaveDraftInput }>(
    `${BASE}/:id`,
    {
      bodyLimit: SHEET_BODY_LIMIT,
      schema: { params: idParams, querystring: companyQuery, body: saveDraftBody },
    },
    async (request, reply) => {
      const actor = actorOf(request);
      const expected = ifMatchVersion(request);
      return mutate(db, request, reply, async (tx, changes) =>
        ok(await saveDraft(tx, changes, actor, request.params.id, request.body, expected)),
      );
    },
  );

  app.put<{ Params: IdParams; Body: LineInput }>(
    `${BASE}/:id/add_product`,
    { schema: { params: idParams, querystring: companyQuery, body: lineBody } },
    async (request, reply) => {
      const actor = actorOf(request);
      return mutate(db, request, reply, async (tx, changes) =>
        ok(await addLine(tx, changes, actor, request.params.id, request.body)),
      );
    },
  );

  app.put<{ Params: IdParams & { product_id: number }; Body: LineInput }>(
    `${BASE}/:id/inquiry_products/:product_id`,
    { schema: { params: lineParams, querystring: companyQuery, body: lineBody } },
    async (request, reply) => {
      const actor = actorOf(request);
      const { id, product_id } = request.params;
      return mutate(db, request, reply, async (tx, changes) =>
        ok(await updateLine(tx, changes, actor, id, product_id, request.body)),
      );
    },
  );

  app.delete<{ Params: IdParams & { product_id: number } }>(
    `${BASE}/:id/inquiry_products/:product_id`,
    { schema: { params: lineParams, querystring: companyQuery } },
    async (request, reply) => {
      const actor = actorOf(request);
      const { id, product_id } = request.params;
      return mutate(db, request, reply, async (tx, changes) =>
        ok(await deleteLine(tx, changes, actor, id, product_id)),
      );
    },
  );

  app.put<{ Params: IdParams }>(
    `${BASE}/:id/send_inquiry`,
    { schema: { params: idParams, querystring: companyQuery } },
    async (request, reply) => {
      const actor = actorOf(request);
      return mutate(db, request, reply, async (tx, changes) =>
        answer(R.sendInquiry, await sendInquiry(tx, changes, actor, request.params.id)),
      );
    },
  );

  app.put<{ Params: IdParams; Body: FollowerBody }>(
    `${BASE}/:id/follower`,
    { schema: { params: idParams, querystring: companyQuery, body: followerBody } },
    async (request, reply) => {
      const actor = actorOf(request);
      const expected = ifMatchVersion(request);
      const followerId = request.body.follower_id ?? request.body.data?.follower_id;
      if (followerId === undefined) throw badRequest('请求参数有误：follower_id');
      // It locks the sheet it changes: owner changes run side by side (write.ts `rowLocked`).
      return mutate(
        db,
        request,
        reply,
        async (tx, changes) =>
          ok(await changeSheetOwner(tx, changes, actor, request.params.id, followerId, expected)),
        { rowLocked: true },
      );
    },
  );

  app.put<{
    Params: IdParams & { type: 'submit_contract' | 'cancel' | 'restore' };
    Body: ActionBody;
  }>(
    `${BASE}/:id/:type`,
    { schema: { params: actionParams, querystring: companyQuery, body: actionBody } },
    async (request, reply) => {
      const actor = actorOf(request);
      const { id, type } = request.params;
      const reason = request.body?.data?.reason ?? request.body?.reason;
      return mutate(db, request, reply, async (tx, changes) => {
        if (type === 'submit_contract') {
          return answer(R.placeOrder, await placeOrder(tx, changes, actor, id));
        }
        if (type === 'cancel') {
          return answer(R.cancelSheet, await cancelSheet(tx, changes, actor, id, reason));
        }
        return answer(R.restoreSheet, await restoreSheet(tx, changes, actor, id));
      });
    },
  );
}
