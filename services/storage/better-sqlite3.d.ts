// The subset of better-sqlite3's API this project uses (the package ships no types and
// @types/better-sqlite3 is not a dependency). Rows come back as `unknown`: callers narrow them.
declare module 'better-sqlite3' {
  namespace BetterSqlite3 {
    interface RunResult {
      changes: number;
      lastInsertRowid: number | bigint;
    }
    interface Statement {
      run(...params: unknown[]): RunResult;
      get(...params: unknown[]): unknown;
      all(...params: unknown[]): unknown[];
    }
    interface Database {
      prepare(sql: string): Statement;
      exec(sql: string): Database;
      pragma(source: string, options?: { simple?: boolean }): unknown;
      transaction<A extends unknown[], R>(fn: (...args: A) => R): (...args: A) => R;
      close(): Database;
      readonly open: boolean;
      readonly name: string;
    }
    interface Options {
      readonly?: boolean;
      fileMustExist?: boolean;
      timeout?: number;
    }
  }
  const BetterSqlite3: new (filename: string, options?: BetterSqlite3.Options) => BetterSqlite3.Database;
  export = BetterSqlite3;
}
