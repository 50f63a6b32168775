// The store keeps a line and its calls together or neither, and never stores a camera line twice.
import { describe, expect, it } from 'vitest';
import type { MatchLine } from '../contract/log.ts';
import { openDatabase } from './database.ts';
import { MatchStore } from './match-store.ts';
import { CatalogStore } from './catalog-store.ts';

const match: MatchLine = { kind: 'match', game: '9ball', table: '9ft', players: ['Ann', 'Bob'], raceTo: 5, breaks: 'winner', firstBreak: 'Ann' };

describe('MatchStore', () => {
  it('stores a line with its calls in one transaction: a failure leaves neither', () => {
    const store = new MatchStore(openDatabase(':memory:'));
    const m = store.createMatch({ match, source: 'test', sourcePass: 0, tableId: null, title: 't' });
    expect(() => store.appendLine(m.id, { kind: 'warning', t: 1, text: '{}', origin: 'operator', evidence: null }, () => { throw new Error('engine failed'); })).toThrow('engine failed');
    expect(store.lines(m.id)).toEqual([]);
    const r = store.appendLine(m.id, { kind: 'warning', t: 1, text: '{}', origin: 'operator', evidence: null }, () => []);
    expect(r.ord).toBe(1);
  });

  it('refuses the same camera line twice (a replayed stretch of video)', () => {
    const store = new MatchStore(openDatabase(':memory:'));
    const m = store.createMatch({ match, source: 'test', sourcePass: 0, tableId: null, title: 't' });
    const shot = { kind: 'shot', t: 12.5, text: '{"kind":"shot"}', origin: 'camera' as const, evidence: null };
    store.appendLine(m.id, shot, () => []);
    expect(store.hasCameraLine(m.id, 'shot', 12.5)).toBe(true);
    expect(() => store.appendLine(m.id, shot, () => [])).toThrow(/UNIQUE/);
    expect(store.lines(m.id)).toHaveLength(1);
    // Operator lines at the same time are separate inputs.
    store.appendLine(m.id, { ...shot, kind: 'foul', origin: 'operator' }, () => []);
    store.appendLine(m.id, { ...shot, kind: 'foul', origin: 'operator' }, () => []);
    expect(store.lines(m.id)).toHaveLength(3);
  });
});

describe('CatalogStore', () => {
  it('generates the operator token once, keeps only its hash, and checks it', () => {
    const catalog = new CatalogStore(openDatabase(':memory:'));
    const first = catalog.operatorToken(null);
    expect(first.source).toBe('generated');
    expect(first.generated).toMatch(/^[\w-]{16}$/);
    expect(catalog.operatorToken(null)).toEqual({ generated: null, source: 'stored' });
    expect(catalog.tokenMatches(first.generated!)).toBe(true);
    expect(catalog.tokenMatches('guess')).toBe(false);
    expect(catalog.setting('operator_token_sha256')).not.toContain(first.generated!);
    catalog.operatorToken('configured');
    expect(catalog.tokenMatches('configured')).toBe(true);
    expect(catalog.tokenMatches(first.generated!)).toBe(false);
  });
});
