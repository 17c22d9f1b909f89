// The deployed version identifier reported by /health and the OpenAPI document: package.json's version.
import packageJson from '../package.json';

export const APP_VERSION: string = packageJson.version;
