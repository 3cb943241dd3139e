import { LoadingOverlay } from '@crw/ui';
import { useState } from 'react';
import { RouterProvider } from 'react-router';
import { useSnapshot } from 'valtio';
import { authStore } from './features/auth/store.ts';
import { SystemLayer } from './features/system/system-layer.tsx';
import { createRouter } from './router.tsx';

export function App() {
  const [router] = useState(createRouter);
  const { loading } = useSnapshot(authStore);
  return (
    <>
      <RouterProvider router={router} />
      <SystemLayer />
      {loading ? <LoadingOverlay /> : null}
    </>
  );
}
