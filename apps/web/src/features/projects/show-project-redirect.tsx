// /index/showproject?id= (spec 000 section 2): the generic project view. Only bulk projects exist in this slice,
// so it hands over to the bulk project view with the same query instead of keeping a second view of its own.
import { Navigate, useLocation } from 'react-router';

export function ShowProjectRedirect() {
  const { search } = useLocation();
  return <Navigate to={`/index/bulkShowProject${search}`} replace />;
}
