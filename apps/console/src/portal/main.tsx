import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { readTokenFromFragment } from './portal-api';
import { PortalApp } from './portal-app';
import { pickStrings } from './strings';
import './portal.css';

// The portal is its own small bundle: no console shell, router or session of the console. Until the
// session says its language, the browser's decides.
const token = readTokenFromFragment();
const root = document.getElementById('portal');
if (root) {
  createRoot(root).render(
    <StrictMode>
      {token ? (
        <PortalApp token={token} />
      ) : (
        <p className="portal">{pickStrings(navigator.language).noToken}</p>
      )}
    </StrictMode>,
  );
}
