// The session when the account leaves a company (security review M5, L3) with fake ports: the
// session goes on with the companies left; with none, the account's database is deleted, after
// the user was shown the changes that never reached the server; every session end empties the
// caches of the user's files.
import { describe, expect, it, vi } from 'vitest';
import { COMMON_MESSAGES } from '../../../src/domain/messages/common';
import { ApiError } from '../../../src/platform/api/apiError';
import { SessionController } from '../../../src/platform/session/sessionController';
import type { UnsentEntry } from '../../../src/sync/outbox';
import { authUser, buyerInfo, deps, fakeAuth, NOW } from './fixtures';

async function booted(overrides: Parameters<typeof deps>[0] = {}) {
  const d = deps(overrides);
  const controller = new SessionController(d);
  await controller.boot('http://app/home', false);
  return { controller, d };
}

const onlyCompany = (info: ReturnType<typeof buyerInfo>, id: number) => ({
  ...info,
  companies: info.companies.filter((m) => m.id === id),
});
const noCompany = buyerInfo({
  companies: [],
  no_company_message: COMMON_MESSAGES.NO_COMPANY_BOUND,
});
const unsentEntry: UnsentEntry = {
  id: 'c:1',
  companyId: 101,
  title: '更换询价单负责人',
  createdAt: NOW,
  text: '{"id": 5}',
};

describe('the end of a membership', () => {
  it('goes on with the companies left, choosing another when the current one went', async () => {
    const { controller, d } = await booted();
    d.fetchUser.mockResolvedValueOnce(onlyCompany(buyerInfo(), 102));
    await controller.membershipEnded(101);
    const { phase } = controller.getSnapshot();
    expect(phase).toMatchObject({ status: 'signed-in', companyId: 102 });
    expect(phase.status === 'signed-in' && phase.companies.map((c) => c.id)).toEqual([102]);
    expect(d.sync.start).toHaveBeenLastCalledWith(expect.objectContaining({ companies: [102] }));
    expect(d.store.account('3')?.user.companies.map((m) => m.id)).toEqual([102]);
    expect(d.sync.wipe).not.toHaveBeenCalled();
    expect(d.clearFileCaches).toHaveBeenCalled();
  });

  it('drops the company from the kept copy when the account cannot be read again', async () => {
    const { controller, d } = await booted();
    d.fetchUser.mockRejectedValueOnce(new ApiError(0, null, null));
    await controller.membershipEnded(102);
    expect(d.sync.start).toHaveBeenLastCalledWith(expect.objectContaining({ companies: [101] }));
  });

  it('with no company left, deletes the account’s database and its file caches', async () => {
    const { controller, d } = await booted();
    d.fetchUser.mockResolvedValueOnce(noCompany);
    await controller.membershipEnded(101);
    expect(controller.getSnapshot().phase).toEqual({
      status: 'no-company',
      message: COMMON_MESSAGES.NO_COMPANY_BOUND,
    });
    expect(d.sync.leftBehind).toHaveBeenCalledWith(3);
    expect(d.sync.wipe).toHaveBeenCalledWith(3);
    expect(d.clearFileCaches).toHaveBeenCalled();
    expect(d.auth.forget).toHaveBeenCalled();
    expect(d.store.account('3')).toBeNull();
  });

  it('shows the unsent changes first, and deletes only once the user has read them', async () => {
    const { controller, d } = await booted();
    d.sync.leftBehind.mockResolvedValueOnce([unsentEntry]);
    d.fetchUser.mockResolvedValueOnce(noCompany);
    await controller.membershipEnded(101);
    expect(controller.getSnapshot().phase).toEqual({
      status: 'no-company',
      message: COMMON_MESSAGES.NO_COMPANY_BOUND,
      unsent: [unsentEntry],
    });
    expect(d.sync.wipe).not.toHaveBeenCalled();
    await controller.discardLeftBehind();
    expect(d.sync.wipe).toHaveBeenCalledWith(3);
    expect(controller.getSnapshot().phase).toEqual({
      status: 'no-company',
      message: COMMON_MESSAGES.NO_COMPANY_BOUND,
    });
  });

  it('keeps a database it cannot read rather than deleting it unseen', async () => {
    const { controller, d } = await booted();
    d.sync.leftBehind.mockResolvedValueOnce(null);
    d.fetchUser.mockResolvedValueOnce(noCompany);
    await controller.membershipEnded(101);
    expect(controller.getSnapshot().phase).toMatchObject({ status: 'no-company' });
    expect(d.sync.wipe).not.toHaveBeenCalled();
  });

  it('ignores a company the session does not have', async () => {
    const { controller, d } = await booted();
    await controller.membershipEnded(999);
    expect(d.fetchUser).toHaveBeenCalledTimes(1);
    expect(controller.getSnapshot().phase).toMatchObject({ status: 'signed-in', companyId: 101 });
  });

  it('deletes the database of an account found with no company at start (left while away)', async () => {
    const { d } = await booted({ fetchUser: vi.fn(async () => noCompany) });
    expect(d.sync.start).not.toHaveBeenCalled();
    expect(d.sync.wipe).toHaveBeenCalledWith(3);
  });
});

describe('a refresh refused because the account left every company', () => {
  it('at start, deletes the account’s database instead of opening it as expired', async () => {
    const d = deps({ auth: fakeAuth(authUser({ expiresAt: NOW / 1000 - 10 })) });
    d.store.saveAccount({ sub: '3', fetchedAt: NOW, user: buyerInfo() });
    d.auth.renew.mockResolvedValue({ kind: 'departed' });
    const controller = new SessionController(d);
    await controller.boot('http://app/home', false);
    expect(controller.getSnapshot().phase).toEqual({
      status: 'no-company',
      message: COMMON_MESSAGES.NO_COMPANY_BOUND,
    });
    expect(d.sync.start).not.toHaveBeenCalled();
    expect(d.sync.wipe).toHaveBeenCalledWith(3);
    expect(d.store.account('3')).toBeNull();
  });

  it('while signed in, ends the session the same way at the next renewal', async () => {
    const { controller, d } = await booted({
      auth: fakeAuth(authUser({ expiresAt: NOW / 1000 + 30 })),
    });
    d.auth.renew.mockResolvedValue({ kind: 'departed' });
    await controller.renewToken();
    expect(controller.getSnapshot().phase).toMatchObject({ status: 'no-company' });
    expect(d.sync.wipe).toHaveBeenCalledWith(3);
  });
});

describe('file caches at every session end (L3)', () => {
  it('are emptied when a refused session with nothing kept is dropped', async () => {
    const auth = fakeAuth(authUser({ expiresAt: NOW / 1000 - 10 }));
    auth.renew.mockResolvedValue({ kind: 'refused' });
    const { controller, d } = await booted({ auth });
    expect(controller.getSnapshot().phase).toEqual({ status: 'signed-out' });
    expect(d.clearFileCaches).toHaveBeenCalled();
  });

  it('are emptied at sign-out and when another tab signed out', async () => {
    const first = await booted();
    await first.controller.signOut();
    expect(first.d.clearFileCaches).toHaveBeenCalled();
    const second = await booted();
    second.controller.signedOutElsewhere();
    expect(second.d.clearFileCaches).toHaveBeenCalled();
  });
});
