// The evaluation runs as tests inside this worker; it serves nothing itself.
export default {
  fetch: () => new Response("Gradewell grading evaluation", { status: 404 }),
} satisfies ExportedHandler;
