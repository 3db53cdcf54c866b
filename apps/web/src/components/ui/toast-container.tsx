import { ToastContainer } from 'react-toastify/unstyled';
import 'react-toastify/ReactToastify.css';

/** The container's defaults of docs/design/web-rules.md, section 9: auto-close 5000 ms, drag-dismiss at 80 %, Alt+T. */
export default function AppToastContainer() {
  return (
    <ToastContainer
      position="top-right"
      autoClose={5000}
      draggablePercent={80}
      hotKeys={(event) => event.altKey && event.code === 'KeyT'}
    />
  );
}
