import { redirect } from "@remix-run/cloudflare";

// Any path that is not a page of Gradewell goes to the landing page (spec section 2); unknown API paths answer 404.
export async function loader({ params }: { params: { "*"?: string } }) {
  if (params["*"]?.startsWith("api/")) {
    return new Response(JSON.stringify({ error: "Not found." }), { status: 404, headers: { "Content-Type": "application/json" } });
  }
  return redirect("/");
}

export const action = loader;
