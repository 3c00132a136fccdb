// For the tests of /dashboard/pet-listings: its address, and what its action answers a form posted as the page posts it.
import type { TestAccount } from "../../../tests/accounts";
import { callRoute, postForm } from "../../../tests/route-calls";
import { action } from "./pet-listings";

export const MY_LISTINGS_URL = "http://localhost:3000/dashboard/pet-listings";

export const postToMyListings = (account: TestAccount | null, fields: Record<string, string>) => callRoute(action, postForm(account, MY_LISTINGS_URL, fields));
