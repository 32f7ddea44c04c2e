// /classes/new is the same form as /create-class (the spec's route table names /create-class).
export { action, default, ErrorBoundary, loader, meta } from "./_app.create-class";
