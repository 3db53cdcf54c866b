/**
 * The router and TanStack Query, evaluated in a step of their own between React DOM and the app
 * (main.tsx): each step is one task, and the app's step was 31-52 ms at 4x CPU with them in it.
 * What is exported here only makes the step load their chunk (vite.config.ts, group `libraries`).
 */
export { BrowserRouter } from 'react-router';
export { QueryClient } from '@tanstack/react-query';
