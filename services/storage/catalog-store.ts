// Tables, their calibrations and the server's settings (the operator token's hash).
import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';
import type { TableSize } from '../contract/ids.ts';
import { nowIso, type Db } from './database.ts';

export interface PoolTable {
  id: number;
  name: string;
  size: TableSize;
  calibrationId: number | null;
  createdAt: string;
}

export interface CalibrationRecord {
  id: number;
  tableId: number | null;
  label: string;
  /** The calibration JSON (services/vision/calibration/calibration-model.ts). */
  calibration: Record<string, unknown>;
  createdAt: string;
  createdBy: string;
}

interface TableRow { id: number; name: string; size: TableSize; calibration_id: number | null; created_at: string }
interface CalibrationRow { id: number; table_id: number | null; label: string; json: string; created_at: string; created_by: string }

const toTable = (r: TableRow): PoolTable => ({ id: r.id, name: r.name, size: r.size, calibrationId: r.calibration_id, createdAt: r.created_at });
const toCalibration = (r: CalibrationRow): CalibrationRecord => ({
  id: r.id, tableId: r.table_id, label: r.label, calibration: JSON.parse(r.json) as Record<string, unknown>, createdAt: r.created_at, createdBy: r.created_by,
});

const sha256 = (s: string): string => createHash('sha256').update(s).digest('hex');

export class CatalogStore {
  constructor(private readonly db: Db) {}

  setting(key: string): string | null {
    const row = this.db.prepare('SELECT value FROM settings WHERE key = ?').get(key) as { value: string } | undefined;
    return row?.value ?? null;
  }

  setSetting(key: string, value: string): void {
    this.db.prepare('INSERT INTO settings (key, value) VALUES (?, ?) ON CONFLICT(key) DO UPDATE SET value = excluded.value').run(key, value);
  }

  /**
   * The operator token: `configured` when given (its hash is stored), else the stored one, else a
   * new one. Only a newly generated token is returned in clear (to print once); the database keeps
   * its hash.
   */
  operatorToken(configured: string | null, reset = false): { generated: string | null; source: 'configured' | 'stored' | 'generated' } {
    if (configured) {
      this.setSetting('operator_token_sha256', sha256(configured));
      return { generated: null, source: 'configured' };
    }
    if (!reset && this.setting('operator_token_sha256')) return { generated: null, source: 'stored' };
    const token = randomBytes(12).toString('base64url');
    this.setSetting('operator_token_sha256', sha256(token));
    return { generated: token, source: 'generated' };
  }

  /** Constant-time check of a presented token against the stored hash. */
  tokenMatches(presented: string): boolean {
    const stored = this.setting('operator_token_sha256');
    if (!stored) return false;
    const a = Buffer.from(sha256(presented), 'hex');
    const b = Buffer.from(stored, 'hex');
    return a.length === b.length && timingSafeEqual(a, b);
  }

  tables(): PoolTable[] {
    return (this.db.prepare('SELECT * FROM pool_tables ORDER BY id').all() as TableRow[]).map(toTable);
  }

  table(id: number): PoolTable | null {
    const row = this.db.prepare('SELECT * FROM pool_tables WHERE id = ?').get(id) as TableRow | undefined;
    return row ? toTable(row) : null;
  }

  tableByName(name: string): PoolTable | null {
    const row = this.db.prepare('SELECT * FROM pool_tables WHERE name = ?').get(name) as TableRow | undefined;
    return row ? toTable(row) : null;
  }

  createTable(name: string, size: TableSize): PoolTable {
    const r = this.db.prepare('INSERT INTO pool_tables (name, size, created_at) VALUES (?, ?, ?)').run(name, size, nowIso());
    return this.table(Number(r.lastInsertRowid))!;
  }

  calibrations(tableId: number | null): CalibrationRecord[] {
    const rows = (tableId === null
      ? this.db.prepare('SELECT * FROM calibrations ORDER BY id DESC').all()
      : this.db.prepare('SELECT * FROM calibrations WHERE table_id = ? ORDER BY id DESC').all(tableId)) as CalibrationRow[];
    return rows.map(toCalibration);
  }

  calibration(id: number): CalibrationRecord | null {
    const row = this.db.prepare('SELECT * FROM calibrations WHERE id = ?').get(id) as CalibrationRow | undefined;
    return row ? toCalibration(row) : null;
  }

  /** Stores a calibration and makes it the table's current one. */
  addCalibration(tableId: number | null, label: string, calibration: Record<string, unknown>, createdBy: string): CalibrationRecord {
    const tx = this.db.transaction(() => {
      const r = this.db.prepare('INSERT INTO calibrations (table_id, label, json, created_at, created_by) VALUES (?, ?, ?, ?, ?)')
        .run(tableId, label, JSON.stringify(calibration), nowIso(), createdBy);
      const id = Number(r.lastInsertRowid);
      if (tableId !== null) this.db.prepare('UPDATE pool_tables SET calibration_id = ? WHERE id = ?').run(id, tableId);
      return id;
    });
    return this.calibration(tx())!;
  }
}
