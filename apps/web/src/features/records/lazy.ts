// The records feature's code that other features load on first use: each loader keeps its component in a
// chunk of its own, which index.ts could not (a page that imports the entry would download it at once).
export const loadRecordsTab = () => import('./records-tab.tsx').then((m) => m.RecordsTab);
