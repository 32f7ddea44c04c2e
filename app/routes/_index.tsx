import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { useLoaderData } from "@remix-run/react";
import { HowItWorks } from "~/components/marketing/how-it-works";
import { AiGrid, ClosingCta, Hero, ResultsCard, StatsStrip } from "~/components/marketing/landing-sections";
import { SiteLayout } from "~/components/marketing/site-layout";
import { getAuth } from "~/server/auth.server";

export const meta: MetaFunction = () => [
  { title: "Gradewell: grade student work in minutes" },
  {
    name: "description",
    content:
      "Photograph or upload student work; Gradewell reads it, grades it against your answer key or rubric and writes feedback you review.",
  },
];

export async function loader({ request, context }: LoaderFunctionArgs) {
  return { signedIn: (await getAuth(request, context)) !== null };
}

export default function Landing() {
  const { signedIn } = useLoaderData<typeof loader>();
  return (
    <SiteLayout signedIn={signedIn}>
      <Hero />
      <StatsStrip />
      <HowItWorks />
      <ResultsCard />
      <AiGrid />
      <ClosingCta />
    </SiteLayout>
  );
}
