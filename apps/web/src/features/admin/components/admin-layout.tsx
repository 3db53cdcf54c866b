import Button from 'react-bootstrap/Button';
import Container from 'react-bootstrap/Container';
import Nav from 'react-bootstrap/Nav';
import Navbar from 'react-bootstrap/Navbar';
import { NavLink, Outlet } from 'react-router';
import { ADMIN_NAV } from '../admin-paths.ts';
import { useAdminLogout } from '../api/admin-login.ts';

/** The console's frame: a navigation bar that folds on a phone, the signed-in organizer, sign-out. */
export function AdminLayout({ email }: { email: string }) {
  const logout = useAdminLogout();
  return (
    <>
      <a href="#main" className="visually-hidden-focusable skip-link">
        Skip to main content
      </a>
      <Navbar expand="lg" bg="dark" data-bs-theme="dark" className="mb-3" aria-label="Console sections">
        <Container fluid>
          <Navbar.Brand as="span">Organizer console</Navbar.Brand>
          <Navbar.Toggle aria-controls="admin-nav" aria-label="Menu" />
          <Navbar.Collapse id="admin-nav">
            <Nav as="ul" className="me-auto">
              {ADMIN_NAV.map((item) => (
                <Nav.Item as="li" key={item.to}>
                  <Nav.Link as={NavLink} to={item.to}>
                    {item.label}
                  </Nav.Link>
                </Nav.Item>
              ))}
            </Nav>
            <div className="d-flex flex-wrap align-items-center gap-2 text-light">
              <span className="small">{email}</span>
              <Button size="sm" variant="outline-light" onClick={() => logout.mutate()} disabled={logout.isPending}>
                Sign out
              </Button>
            </div>
          </Navbar.Collapse>
        </Container>
      </Navbar>
      <main id="main" tabIndex={-1} className="container-fluid pb-5 admin-console">
        <Outlet />
      </main>
    </>
  );
}
