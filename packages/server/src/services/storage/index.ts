/**
 * Storage, as the rest of the server sees it: the driver interface, the local driver and the upload allow-list
 * (driver.ts), and what an upload may be (upload-settings.ts). The S3 driver is loaded only when configured
 * (`loadS3Driver`), so a server on local files never loads the S3 client.
 */
export * from './driver.ts';
export * from './upload-settings.ts';

/** The S3 driver's module, imported on first use. */
export const loadS3Driver = () => import('./s3.ts');
