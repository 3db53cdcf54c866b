import { createContext, useContext } from 'react';
import type { DrillDownLevel } from '../utils/drill-down.ts';

/** The level the viewer's report scope opens the drill-down at; provided by ScopeGate. */
export const ScopeStartContext = createContext<DrillDownLevel>(1);

export const useScopeStartLevel = () => useContext(ScopeStartContext);
