/**
 * Table types of the viewer's stored state (migration 0019), kept beside schema.ts so that file stays
 * small; the same conventions hold (JSON is text, timestamps ISO text).
 */

/** A block's landmarks per project; the block is the slides' blockId value. */
export interface LandmarksTable {
  project_id: string;
  block_id: string;
  /** JSON: the block's slides, [{slideId}], in the order positions' slideIdx index. */
  slides: string;
  /** JSON: the domain's Landmark list. */
  landmarks: string;
  updated_by: string | null;
  updated_at: string;
}

/** A project's tool config by config id (the domain's TOOL_CONFIG_IDS). */
export interface ToolConfigsTable {
  project_id: string;
  config_id: string;
  /** JSON: the config, as the id's schema checked it. */
  config: string;
  updated_by: string | null;
  updated_at: string;
}
