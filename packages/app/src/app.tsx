import { LoadingOverlay } from '@crw/ui';
import { useEffect, useState } from 'react';
import { RouterProvider } from 'react-router';
import { useSnapshot } from 'valtio';
import { authStore } from './features/auth/store.ts';
import { syncDocumentTitle } from './features/shell/title.ts';
import { SystemLayer } from './features/system/system-layer.tsx';
import { createRouter } from './router.tsx';

export function App() {
  const [router] = useState(createRouter);
  const { loading } = useSnapshot(authStore);
  // Every route's `document.title`: screen · portfolio · product name.
  useEffect(() => syncDocumentTitle(router), [router]);
  return (
    <>
      <RouterProvider router={router} />
      <SystemLayer />
      {loading ? <LoadingOverlay /> : null}
    </>
  );
}
