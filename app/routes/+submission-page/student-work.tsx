// The student's uploaded work beside the review: an image or PDF inline, any other file as a download.
export function StudentWork({ name, file }: { name: string; file: { id: string; fileName: string; contentType: string } | null }) {
  const fileUrl = file ? `/api/files/${file.id}` : null;
  const isImage = file?.contentType.startsWith("image/") && file.contentType !== "image/heic";
  const isPdf = file?.contentType === "application/pdf";
  return (
    <section className="rounded-xl border border-slate-200 bg-white p-4 shadow-sm" aria-labelledby="work-title">
      <div className="flex items-center justify-between">
        <h2 id="work-title" className="text-base font-semibold">
          Student&apos;s work
        </h2>
        {fileUrl ? (
          <a href={`${fileUrl}?download`} className="text-sm font-medium text-brand-600 hover:underline">
            Download
          </a>
        ) : null}
      </div>
      <div className="mt-3 overflow-hidden rounded-lg bg-slate-100">
        {!fileUrl ? (
          <p className="p-6 text-sm text-slate-600">No file.</p>
        ) : isImage ? (
          <img src={fileUrl} alt={`${name}'s work`} className="mx-auto max-h-[75vh] w-auto" />
        ) : isPdf ? (
          <object data={fileUrl} type="application/pdf" className="h-[75vh] w-full" aria-label={`${name}'s work`}>
            <p className="p-6 text-sm">
              <a href={fileUrl} className="text-brand-600 underline">
                Open {file?.fileName}
              </a>
            </p>
          </object>
        ) : (
          <p className="p-6 text-sm text-slate-700">
            {file?.fileName}:{" "}
            <a href={`${fileUrl}?download`} className="font-medium text-brand-600 underline">
              download to view
            </a>
          </p>
        )}
      </div>
    </section>
  );
}
