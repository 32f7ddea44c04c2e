import { redirect, type ActionFunctionArgs } from "@remix-run/cloudflare";
import { requireTeacher } from "~/server/auth.server";
import { googleSettingsAction } from "~/server/google/settings.server";

export const loader = () => redirect("/settings");

/** Settings → Google's buttons: unlink Google sign-in, disconnect Drive (revoked at Google). */
export async function action({ request, context }: ActionFunctionArgs) {
  const { teacher } = await requireTeacher(request, context);
  const form = await request.formData();
  throw redirect(await googleSettingsAction(request, context, teacher, String(form.get("intent") ?? "")));
}
