import { useState } from 'react';
import Button from 'react-bootstrap/Button';
import { NavLink, Outlet } from 'react-router';
import { ADMIN_NAV } from '../admin-paths.ts';
import { useAdminLogout } from '../api/admin-login.ts';

/**
 * The console's frame: a navigation bar that folds on a phone, the signed-in organizer, sign-out.
 * Plain Bootstrap markup rather than react-bootstrap's Navbar: sharing that module with the attendee
 * shell would split it out of the shell's chunk and change the attendee pages' loading.
 */
export function AdminLayout({ email }: { email: string }) {
  const logout = useAdminLogout();
  const [open, setOpen] = useState(false);
  return (
    <>
      <a href="#main" className="visually-hidden-focusable skip-link">
        Skip to main content
      </a>
      <nav className="navbar navbar-expand-xl bg-dark mb-3 admin-navbar" data-bs-theme="dark" aria-label="Console sections">
        <div className="container-fluid">
          <span className="navbar-brand">Organizer console</span>
          <button type="button" className="navbar-toggler" aria-controls="admin-nav" aria-expanded={open} aria-label="Toggle navigation" onClick={() => setOpen((o) => !o)}>
            <span className="navbar-toggler-icon" />
          </button>
          <div id="admin-nav" className={`collapse navbar-collapse${open ? ' show' : ''}`}>
            <ul className="navbar-nav me-auto">
              {ADMIN_NAV.map((item) => (
                <li className="nav-item" key={item.to}>
                  <NavLink to={item.to} className="nav-link" onClick={() => setOpen(false)}>
                    {item.label}
                  </NavLink>
                </li>
              ))}
            </ul>
            <div className="d-flex flex-wrap align-items-center gap-2 text-light py-2 py-xl-0">
              <span className="small admin-email">{email}</span>
              <Button size="sm" variant="outline-light" onClick={() => logout.mutate()} disabled={logout.isPending}>
                Sign out
              </Button>
            </div>
          </div>
        </div>
      </nav>
      <main id="main" tabIndex={-1} className="container-fluid pb-5 admin-console">
        <Outlet />
      </main>
    </>
  );
}
