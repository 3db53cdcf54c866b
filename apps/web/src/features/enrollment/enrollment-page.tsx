/** Placeholder page of the route slot; the feature's owner replaces it. */
export default function EnrollmentPage() {
  return (
    <div className="container py-4">
      <h1 className="h3">Enrollment</h1>
    </div>
  );
}
