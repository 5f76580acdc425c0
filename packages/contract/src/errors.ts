import { z } from 'zod';

/** Every error answer: a stable machine code and the spec's human message. */
export const ErrorBody = z.object({ code: z.string(), message: z.string() }).meta({ id: 'Error' });
export type ErrorBody = z.infer<typeof ErrorBody>;

/** The codes the server answers with. Clients switch on these, never on messages. */
export const ERROR_CODES = {
  validation: 'VALIDATION_ERROR',
  unauthenticated: 'UNAUTHENTICATED',
  forbidden: 'FORBIDDEN',
  notFound: 'NOT_FOUND',
  conflict: 'CONFLICT',
  projectExists: 'PROJECT_ALREADY_EXISTS',
  projectNotFound: 'PROJECT_NOT_FOUND',
  slideNotFound: 'SLIDE_NOT_FOUND',
  imageInfoUnavailable: 'IMAGE_INFO_UNAVAILABLE',
  /** No landmarks stored for the block: the viewer reads this 404 as "none" (spec 2 §7). */
  landmarksNotFound: 'LANDMARKS_NOT_FOUND',
  landmarksWriteRequired: 'LANDMARKS_WRITE_REQUIRED',
  /** A save named a slide of the project under a block it is not part of (its blockId differs). */
  slideNotInBlock: 'SLIDE_NOT_IN_BLOCK',
  toolConfigNotFound: 'TOOL_CONFIG_NOT_FOUND',
  /** The set does not show in the path's project (never made, or not linked to it). */
  annotationSetNotFound: 'ANNOTATION_SET_NOT_FOUND',
  annotationSetNameInUse: 'ANNOTATION_SET_NAME_IN_USE',
  /** The set shows in the project but has not made this version: 'Version {v} not found for set'. */
  annotationVersionNotFound: 'ANNOTATION_VERSION_NOT_FOUND',
  versionCollectionNotFound: 'VERSION_COLLECTION_NOT_FOUND',
  versionTagInUse: 'VERSION_TAG_IN_USE',
  /** An annotation lies outside its slide's image. */
  annotationOutsideImage: 'ANNOTATION_OUTSIDE_IMAGE',
  /** Some annotations of a batch are not (or no longer) in the set: 'Not all annotations updated!'. */
  annotationsNotAllUpdated: 'ANNOTATIONS_NOT_ALL_UPDATED',
  annotationLocked: 'ANNOTATION_LOCKED',
  /** Metadata is kept only on FOV, ROI and ROI detection annotations (spec 3 §2). */
  metadataNotEditable: 'METADATA_NOT_EDITABLE',
  /** Deleting an FOV or ROI needs the caller to have confirmed it (spec 2 §4). */
  confirmationRequired: 'CONFIRMATION_REQUIRED',
  /** Spec 2 §8: unlinking a set from the only project it is linked to. */
  annotationSetOnlyLink: '600007',
  jobNotFound: 'JOB_NOT_FOUND',
  /** The job has no file to fetch (yet, or of its kind). */
  jobArtifactNotFound: 'JOB_ARTIFACT_NOT_FOUND',
  wrongCredentials: 'WRONG_CREDENTIALS',
  tooManyAttempts: 'TOO_MANY_ATTEMPTS',
  passwordExpired: 'PASSWORD_EXPIRED',
  notAuthorized: 'NOT_AUTHORIZED',
  codeMismatch: 'CODE_MISMATCH',
  reauthenticationRequired: 'REAUTHENTICATION_REQUIRED',
  noSession: 'NO_SESSION',
  ssoUser: 'SSO_USER',
  manualNotRead: 'USER_MANUAL_NOT_READ',
  maintenance: 'MAINTENANCE',
  payloadTooLarge: 'PAYLOAD_TOO_LARGE',
  unsupportedMediaType: 'UNSUPPORTED_MEDIA_TYPE',
  internal: 'INTERNAL_SERVER_ERROR',
} as const;
export type ErrorCode = (typeof ERROR_CODES)[keyof typeof ERROR_CODES];
