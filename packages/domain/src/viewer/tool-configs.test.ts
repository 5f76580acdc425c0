import { describe, expect, it } from 'vitest';
import {
  DEFAULT_TOOL_CONFIGS,
  isToolConfigId,
  TOOL_CONFIG_IDS,
  TOOL_CONFIG_SCHEMAS,
  toolConfigOrDefault,
} from './tool-configs.ts';
import { VIEWER_MESSAGES } from './viewer-rules.ts';

describe('tool configs', () => {
  it('has exactly the three ids of the spec, each default valid under its own schema', () => {
    expect(TOOL_CONFIG_IDS).toEqual(['cellMarkerPanel', 'samPanel', 'multiViewGeneral']);
    for (const id of TOOL_CONFIG_IDS)
      expect(TOOL_CONFIG_SCHEMAS[id].parse(DEFAULT_TOOL_CONFIGS[id])).toEqual(DEFAULT_TOOL_CONFIGS[id]);
    expect(isToolConfigId('samPanel')).toBe(true);
    expect(isToolConfigId('toString')).toBe(false);
  });

  it('has the spec\u2019s default hotkeys and marker size', () => {
    expect(DEFAULT_TOOL_CONFIGS.cellMarkerPanel).toEqual({
      cellMarkerSize: 5,
      mappedShortcuts: {
        positive: 'q',
        negative: 'w',
        uncertain: 'e',
        '0': 'a',
        '1+': 's',
        '2+': 'd',
        '3+': 'f',
      },
    });
    expect(DEFAULT_TOOL_CONFIGS.samPanel.mappedShortcuts).toEqual({ add: 'q', remove: 'w', box: 'e' });
  });

  it('answers the default for a stored config today\u2019s schema refuses', () => {
    expect(toolConfigOrDefault('samPanel', { mappedShortcuts: { add: 'z' } })).toEqual({
      mappedShortcuts: { add: 'z' },
    });
    expect(toolConfigOrDefault('samPanel', { mappedShortcuts: { add: 'zz' } })).toBe(
      DEFAULT_TOOL_CONFIGS.samPanel,
    );
    expect(toolConfigOrDefault('multiViewGeneral', undefined)).toBe(DEFAULT_TOOL_CONFIGS.multiViewGeneral);
  });

  it('words the viewer\u2019s config failures', () => {
    expect(VIEWER_MESSAGES.configurationFetchFailed('timeout')).toBe('Configuration fetch failed: timeout');
    expect(VIEWER_MESSAGES.configurationUpdateFailed('forbidden')).toBe('Unable to update config: forbidden');
  });
});
