import { useContext, useState, type ReactNode } from 'react';
import AccordionBody from 'react-bootstrap/AccordionBody';
import AccordionContext, { isAccordionItemSelected } from 'react-bootstrap/AccordionContext';
import AccordionItemContext from 'react-bootstrap/AccordionItemContext';

/**
 * An accordion body whose content is built the first time it opens (then kept). The agenda and
 * FAQ hold dozens of closed items; building them all up front made the first render of the page
 * several hundred milliseconds longer on a phone.
 */
export function LazyAccordionBody({ children }: { children: ReactNode }) {
  const { activeEventKey } = useContext(AccordionContext);
  const { eventKey } = useContext(AccordionItemContext);
  const open = isAccordionItemSelected(activeEventKey, eventKey);
  const [opened, setOpened] = useState(open);
  if (open && !opened) setOpened(true);
  return <AccordionBody>{open || opened ? children : null}</AccordionBody>;
}
