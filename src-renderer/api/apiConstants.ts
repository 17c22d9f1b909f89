// Names and lists of the private API the client needs at run time, straight from the shared API modules.
export {
  EDITOR_HEADER as EDITOR_HEADER_NAME,
  MAX_USAGE_DAYS as USAGE_DAYS_MAX,
  PREVIEW_WARNINGS_HEADER as WARNINGS_HEADER_NAME,
  TEMPLATE_SORTS as SORTS,
} from '@shared/api/editorApi';
export type { TemplateSort } from '@shared/api/editorApi';
export {
  OUTPUT_FORMATS as FORMATS,
  ZPL_DPIS as ZPL_RESOLUTIONS,
  type OutputFormat,
  type ZplDpi,
} from '@shared/render/outputFormats';
