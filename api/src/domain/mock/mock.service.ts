import { randomBytes } from 'node:crypto';
import { raw, type EntityManager } from '@mikro-orm/core';
import { Mock } from '../../../../db/src';
import { DomainError } from '../errors';
import type { PageService } from '../pages/page.service';
import type { Viewer } from '../viewer';
import { checkMockTemplate, MOCK_REQUEST_PATH_MAX_BYTES, normalizeMockPath } from './mock-rules';
import { sharedPool } from '../workers/worker-pool';
import { MockPool } from './mock.worker';

const mockWorkers = sharedPool(() => new MockPool());

/** The process's Mock.js workers (started on first use). */
export const mockPool = (): MockPool => mockWorkers.get();

/** Stops the Mock.js workers (a later answer starts new ones). */
export const closeMockPool = (): Promise<void> => mockWorkers.close();

/** What a mock URL answers: ShowDoc uses plain-text 404/400 answers, JSON on success. */
export interface MockAnswer {
  status: 200 | 400 | 404 | 503;
  contentType: 'application/json; charset=utf-8' | 'text/plain; charset=utf-8';
  body: string;
}

const text = (status: MockAnswer['status'], body: string): MockAnswer => ({
  status,
  contentType: 'text/plain; charset=utf-8',
  body,
});

/**
 * One mock per page (compat-api §13): editors save its Mock.js template and path, readers see it, and
 * anyone with its URL gets generated JSON. Generation and regex matching run off the event loop, within
 * a time and size budget (`mock.worker.ts`).
 */
export class MockService {
  constructor(
    private readonly em: EntityManager,
    private readonly pages: PageService,
    private readonly pool: () => MockPool = mockPool,
  ) {}

  /** Creates or updates the page's mock (editors); the unique key of an existing mock is kept. */
  async save(viewer: Viewer, pageId: number, template: string, path: string): Promise<Mock> {
    const user = viewer.requireUser();
    const { page, item } = await this.pages.writable(viewer, pageId).catch((err: unknown) => {
      if (err instanceof DomainError && err.info.code === 'FORBIDDEN')
        throw new DomainError('MockEditDenied');
      throw err;
    });
    const checked = checkMockTemplate(template);
    const storedPath = normalizeMockPath(path);
    const existing = await this.em.findOne(Mock, { page });
    if (existing) {
      existing.template = checked;
      existing.path = storedPath;
      existing.user = user;
      existing.updatedAt = new Date();
      await this.em.flush();
      return existing;
    }
    const mock = this.em.create(Mock, {
      uniqueKey: randomBytes(16).toString('hex'),
      page,
      item,
      user,
      template: checked,
      path: storedPath,
    });
    await this.em.persist(mock).flush();
    return mock;
  }

  /** The page's mock, or null (readers of the page). */
  async ofPage(viewer: Viewer, pageId: number): Promise<Mock | null> {
    const { page } = await this.pages.readable(viewer, pageId).catch((err: unknown) => {
      const denied = ['PagePasswordRequired', 'PageVisitDenied'].includes((err as DomainError).codeName);
      if (err instanceof DomainError && (denied || err.info.code === 'FORBIDDEN'))
        throw new DomainError('MockVisitDenied');
      throw err;
    });
    return this.em.findOne(Mock, { page });
  }

  /** `/server/mock-data/{key}`. */
  async answerByKey(key: string): Promise<MockAnswer> {
    const mock = /^[0-9a-f]{32}$/i.test(key) ? await this.em.findOne(Mock, { uniqueKey: key }) : null;
    if (!mock) return text(404, 'no such key');
    return this.answer(mock);
  }

  /** `/server/mock-path/{item}?path=…`: the exact path first, then `~regex` mocks by id. */
  async answerByPath(itemId: number, requestPath: string): Promise<MockAnswer> {
    if (Buffer.byteLength(requestPath, 'utf8') > MOCK_REQUEST_PATH_MAX_BYTES)
      return text(400, 'path too long');
    if (!Number.isInteger(itemId) || itemId <= 0) return text(404, 'no such path');
    const path = requestPath.startsWith('/') ? requestPath : `/${requestPath}`;
    let mock = await this.em.findOne(Mock, { item: itemId, path, page: { deletedAt: null } });
    if (!mock) {
      const regexMocks = await this.em.find(
        Mock,
        { item: itemId, path: { $like: '~%' }, page: { deletedAt: null } },
        { orderBy: { id: 'asc' }, fields: ['id', 'path'] },
      );
      const patterns = regexMocks.map((m) => ({ id: m.id, pattern: m.path.slice(1) }));
      const id = await this.pool()
        .match(path, patterns)
        .catch((err: unknown) => {
          if (err instanceof DomainError) return null;
          throw err;
        });
      mock = id === null ? null : await this.em.findOne(Mock, { id });
    }
    if (!mock) return text(404, 'no such path');
    return this.answer(mock);
  }

  private async answer(mock: Mock): Promise<MockAnswer> {
    let body: string;
    try {
      body = await this.pool().generate(mock.template);
    } catch (err) {
      if (err instanceof DomainError) return text(err.codeName === 'MockBusy' ? 503 : 400, err.info.en);
      throw err;
    }
    // Counted without loading the row again: concurrent answers each add one.
    await this.em.nativeUpdate(Mock, { id: mock.id }, { viewTimes: raw('view_times + 1') });
    return { status: 200, contentType: 'application/json; charset=utf-8', body };
  }
}
