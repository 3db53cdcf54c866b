import { ShellLayout } from '../../features/shell/components/shell-layout.tsx';

/** The layout route of the nbc pages: shell around the matched page. */
export default function ShellLayoutRoute() {
  return <ShellLayout eventType="nbc" />;
}
