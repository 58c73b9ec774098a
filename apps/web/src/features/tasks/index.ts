// The tasks feature's public entry: all that other features import from it (see .dependency-cruiser.js).
export { useMyTasks } from './api/my-tasks.ts';
export { useRecordTasks } from './api/record-tasks.ts';
export { TaskContentField } from './components/task-content-field.tsx';
export { TaskContentView } from './components/task-content-view.tsx';
export { preloadTasksTab, TasksTab } from './components/tasks-tab.tsx';
