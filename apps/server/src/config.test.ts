import os from 'node:os';
import { describe, expect, it } from 'vitest';
import { loadConfig } from './config.ts';

describe('configuration from the environment', () => {
  it('seeds the demo, runs jobs in serve and serves with one process per core by default', () => {
    const config = loadConfig({});
    expect(config.isDemoSeeded).toBe(true);
    expect(config.hasEmbeddedWorker).toBe(true);
    expect(config.serveProcesses).toBe(os.availableParallelism());
  });

  it('reads the switches and a number of serving processes', () => {
    const config = loadConfig({
      TESSERA_DEMO: 'false',
      TESSERA_EMBEDDED_WORKER: '0',
      TESSERA_SERVE_PROCESSES: '3',
    });
    expect(config.isDemoSeeded).toBe(false);
    expect(config.hasEmbeddedWorker).toBe(false);
    expect(config.serveProcesses).toBe(3);
  });

  it('refuses a malformed value, naming the variable', () => {
    expect(() => loadConfig({ TESSERA_SERVE_PROCESSES: '0' })).toThrow('TESSERA_SERVE_PROCESSES');
    expect(() => loadConfig({ TESSERA_SERVE_PROCESSES: 'many' })).toThrow('TESSERA_SERVE_PROCESSES');
    expect(() => loadConfig({ TESSERA_DEMO: 'yes' })).toThrow('TESSERA_DEMO');
  });
});
