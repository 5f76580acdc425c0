/**
 * Run-time settings an administrator switches without a restart (maintenance, user-manual version).
 * The environment gives the starting value; `tessera maintenance on|off` and `tessera manual-version V`
 * write the settings table, which every server process re-reads at most every 2 seconds.
 */
import type { Db } from '../../db/database.ts';
import { findSettings, upsertSetting } from './settings.queries.ts';

const REFRESH_MS = 2000;

export interface SettingsService {
  isMaintenance(): boolean;
  manualVersion(): string;
  /** Re-reads the table now (tests and commands call it; requests rely on the periodic refresh). */
  refresh(): Promise<void>;
  set(key: 'maintenance' | 'manualVersion', value: string): Promise<void>;
}

export function createSettingsService(
  db: Db,
  defaults: { maintenance: boolean; manualVersion: string },
): SettingsService {
  let values = new Map<string, string>();
  let lastRead = 0;
  let reading: Promise<void> | null = null;

  const refresh = async () => {
    const rows = await findSettings(db);
    values = new Map(rows.map((r) => [r.key, r.value]));
    lastRead = Date.now();
  };
  // Requests never wait on this: a stale value for up to 2 s is acceptable for these switches.
  const refreshSoon = () => {
    if (reading || Date.now() - lastRead < REFRESH_MS) return;
    reading = refresh()
      .catch(() => undefined)
      .finally(() => (reading = null));
  };

  return {
    isMaintenance() {
      refreshSoon();
      const v = values.get('maintenance');
      return v === undefined ? defaults.maintenance : v === 'on';
    },
    manualVersion() {
      refreshSoon();
      return values.get('manualVersion') ?? defaults.manualVersion;
    },
    refresh,
    async set(key, value) {
      await upsertSetting(db, key, value);
      await refresh();
    },
  };
}
