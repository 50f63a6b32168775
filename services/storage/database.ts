// Opening the referee's SQLite database and bringing its schema up to date. One file holds
// everything a restart needs: matches, their log lines, the calls, the operator's actions
// (the audit), tables, calibrations and settings. `:memory:` gives a throwaway database.
import { mkdirSync } from 'node:fs';
import { dirname } from 'node:path';
import Database from 'better-sqlite3';

export type Db = Database.Database;

const SCHEMA = `
CREATE TABLE IF NOT EXISTS settings (
  key TEXT PRIMARY KEY,
  value TEXT NOT NULL
);
CREATE TABLE IF NOT EXISTS pool_tables (
  id INTEGER PRIMARY KEY,
  name TEXT NOT NULL UNIQUE,
  size TEXT NOT NULL,
  calibration_id INTEGER,
  created_at TEXT NOT NULL
);
CREATE TABLE IF NOT EXISTS calibrations (
  id INTEGER PRIMARY KEY,
  table_id INTEGER REFERENCES pool_tables(id),
  label TEXT NOT NULL,
  json TEXT NOT NULL,
  created_at TEXT NOT NULL,
  created_by TEXT NOT NULL
);
CREATE TABLE IF NOT EXISTS matches (
  id INTEGER PRIMARY KEY,
  table_id INTEGER,
  created_at TEXT NOT NULL,
  updated_at TEXT NOT NULL,
  status TEXT NOT NULL CHECK (status IN ('live', 'finished', 'closed')),
  source TEXT NOT NULL,
  source_pass INTEGER NOT NULL DEFAULT 0,
  resume_t REAL,
  match_json TEXT NOT NULL,
  pending_declared TEXT,
  title TEXT NOT NULL
);
CREATE TABLE IF NOT EXISTS lines (
  match_id INTEGER NOT NULL REFERENCES matches(id),
  ord INTEGER NOT NULL,
  kind TEXT NOT NULL,
  t REAL,
  json TEXT NOT NULL,
  original_json TEXT,
  origin TEXT NOT NULL,
  evidence TEXT,
  voided INTEGER NOT NULL DEFAULT 0,
  confirmed INTEGER NOT NULL DEFAULT 0,
  created_at TEXT NOT NULL,
  PRIMARY KEY (match_id, ord)
);
-- A camera line is seen once: the same shot (same kind and time) can never be stored twice.
CREATE UNIQUE INDEX IF NOT EXISTS lines_camera_once ON lines (match_id, kind, t) WHERE origin = 'camera';
CREATE TABLE IF NOT EXISTS calls (
  match_id INTEGER NOT NULL REFERENCES matches(id),
  seq INTEGER NOT NULL,
  ord INTEGER NOT NULL,
  json TEXT NOT NULL,
  PRIMARY KEY (match_id, seq)
);
CREATE TABLE IF NOT EXISTS operator_actions (
  id INTEGER PRIMARY KEY,
  match_id INTEGER,
  at TEXT NOT NULL,
  actor TEXT NOT NULL,
  action TEXT NOT NULL,
  body TEXT NOT NULL,
  status INTEGER NOT NULL,
  outcome TEXT NOT NULL
);
`;

/** Opens (creating when needed) the database at `path`; `:memory:` for a throwaway one. */
export function openDatabase(path: string): Db {
  if (path !== ':memory:') mkdirSync(dirname(path), { recursive: true });
  const db = new Database(path);
  if (path !== ':memory:') db.pragma('journal_mode = WAL');
  // WAL + NORMAL: a committed call survives the process being killed at any moment; commits do
  // not wait for the disk (a slow fsync would stall the live referee), so a power cut may lose
  // the last few. A throwaway :memory: database has no journal file.
  db.pragma('synchronous = NORMAL');
  db.pragma('foreign_keys = ON');
  db.exec(SCHEMA);
  return db;
}

export const nowIso = (): string => new Date().toISOString();
