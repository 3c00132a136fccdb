// For the tests of /dashboard/profile: its address, and a form posted to its action as the page posts it.
import type { TestAccount } from "../../../tests/accounts";
import { postForm } from "../../../tests/route-calls";

export const PROFILE_URL = "http://localhost:3000/dashboard/profile";

export const postToProfile = (account: TestAccount | null, fields: Record<string, string>) => postForm(account, PROFILE_URL, fields);
