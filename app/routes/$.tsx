import { redirect } from "@remix-run/cloudflare";
import { apiError } from "~/server/http.server";

// Any path that is not a page of Gradewell goes to the landing page (spec section 2); unknown API paths answer 404.
export async function loader({ params }: { params: { "*"?: string } }) {
  if (params["*"]?.startsWith("api/")) {
    return apiError(404, "Not found.");
  }
  return redirect("/");
}

export const action = loader;
