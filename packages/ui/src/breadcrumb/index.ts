export * from './breadcrumb.tsx';
