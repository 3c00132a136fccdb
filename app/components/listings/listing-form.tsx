import { AlertTriangle, ArrowLeft, ArrowRight, ImagePlus, LocateFixed, Star, X } from "lucide";
import { Icon } from "~/components/icon";
import { getFormProps, getInputProps, getSelectProps, getTextareaProps } from "@conform-to/react";
import { useEffect, useMemo, useRef, useState } from "react";
import { Link, useNavigate } from "react-router";
import { MapView } from "~/components/map/map";
import { FORM_MAP_ZOOM, ITALY_CENTER, type LatLng, type MapHandle, type MapTiles } from "~/components/map/map-types";
import { GEO_MESSAGES } from "~/geo/messages";
import { IMAGE_ACCEPT, IMAGE_MESSAGES, MAX_IMAGE_BYTES, MAX_LISTING_IMAGES } from "~/images/limits";
import { LISTING_LIMITS, LISTING_MESSAGES as M, listingSchema, PET_TYPES_WITH_LEGAL_WARNING } from "~/listings/validation";
import { GENDERS, LISTING_TYPES, PET_TYPES } from "~/lib/enums";
import { ITALIAN_REGIONS } from "~/lib/regions";
import { EnumOptions } from "~/components/enum-options";
import { Notice } from "~/components/notice";
import { FormAlert } from "~/components/form-alert";
import { FieldError } from "~/components/form/form-messages";
import { messagesOf, useZodForm, type FormAnswer } from "~/components/form/zod-form";
import type { FieldErrors } from "~/lib/field-errors";
import { hasBirthDate } from "~/listings/legal-rules";
import { CONTACT_TEXTS } from "~/listings/contact-texts";
import { LegalBirthDate, LegalIdentification, LegalSeller } from "./legal-fields";
import { useHydrated } from "~/components/use-hydrated";
import { thumbnailUrl } from "~/lib/images";
import { NEW_PHOTO_PREFIX, PHOTO_ORDER_FIELD, VERSION_FIELD } from "~/listings/edit-fields";

/** After publishing, on to the list (spec section 9); after an edit, back to one's listings. */
const REDIRECT_MS = 2_000;
const EDIT_DONE_PATH = "/dashboard/pet-listings";

/**
 * A photo of the form: one the listing already has (by its URL), or a file chosen now. Its label
 * names it in its buttons and picture: the file's name, or its place when the page opened (kept when
 * it moves, so that "Foto 2" stays the same photo).
 */
type Photo = { kind: "kept"; url: string; key: string; label: string } | { kind: "new"; file: File; preview: string; key: string; label: string };

/** The listing being edited: the form then saves it instead of publishing a new one (decision 0093). */
export interface EditedListing {
  id: string;
  /** The version the form was drawn from (a later save elsewhere makes this one a 409). */
  version: string;
  images: string[];
}

type PetType = (typeof PET_TYPES.values)[number];
type Status = { kind: "idle" } | { kind: "sending"; progress: number } | { kind: "success" };

interface Props {
  /** A new listing's one-time id (creation); null when editing. */
  submissionId: string | null;
  edit?: EditedListing;
  tiles: MapTiles;
  contact: { name: string; email: string };
  serverError: string | null;
  /** each field's message from the server (the form sent without JavaScript) */
  serverFieldErrors?: FieldErrors;
  /** what was typed, when the server sent the form back without JavaScript */
  values?: Record<string, string>;
}

type Answer = { ok: boolean; error?: string; fieldErrors?: FieldErrors };

/** The id of the box that says why the form was refused (the form points to it). */
const FORM_ERROR_ID = "listing-form-error";

/**
 * The listing's schema in the browser: the server's, plus the breed when the chosen pet type has a
 * list of breeds (the server checks the breed against its catalogue after parsing; here the list
 * just loaded says whether one must be chosen).
 */
function browserSchema(breedRequired: boolean) {
  if (!breedRequired) return listingSchema;
  return listingSchema.refine((listing) => Boolean(listing.breed), { message: M.breedRequired, path: ["breed"] });
}

/** Sends the form with XMLHttpRequest: fetch cannot report upload progress. */
function send(url: string, form: FormData, onProgress: (fraction: number) => void): Promise<{ status: number; body: Answer }> {
  return new Promise((resolve, reject) => {
    const request = new XMLHttpRequest();
    request.open("POST", url);
    request.responseType = "json";
    request.upload.onprogress = (event) => {
      if (event.lengthComputable) onProgress(event.loaded / event.total);
    };
    request.onload = () => resolve({ status: request.status, body: (request.response as Answer | null) ?? { ok: false } });
    request.onerror = () => reject(new Error("network"));
    request.send(form);
  });
}

async function getJson<T>(url: string): Promise<{ ok: true; body: T } | { ok: false; error: string }> {
  try {
    const response = await fetch(url, { headers: { accept: "application/json" } });
    const body = (await response.json()) as T & { error?: string };
    return response.ok ? { ok: true, body } : { ok: false, error: body.error ?? GEO_MESSAGES.serviceError };
  } catch {
    return { ok: false, error: GEO_MESSAGES.serviceError };
  }
}

export function ListingForm({ submissionId, edit, tiles, contact, serverError, serverFieldErrors = {}, values = {} }: Props) {
  const navigate = useNavigate();
  // Once the page's script runs, the legal fields that do not apply are hidden (without it, all show).
  const hydrated = useHydrated();
  const [listingType, setListingType] = useState(values.listingType ?? "");
  const [petType, setPetType] = useState<PetType | "">((values.petType as PetType | undefined) ?? "");
  const [breeds, setBreeds] = useState<string[] | null>(null);
  const [breed, setBreed] = useState(values.breed ?? "");
  const [city, setCity] = useState(values.city ?? "");
  const [region, setRegion] = useState(values.region ?? "");
  const [address, setAddress] = useState(values.address ?? "");
  const [point, setPoint] = useState<LatLng | null>(() => {
    const lat = Number(values.lat);
    const lng = Number(values.lng);
    return values.lat && values.lng && Number.isFinite(lat) && Number.isFinite(lng) ? { lat, lng } : null;
  });
  const [geoMessage, setGeoMessage] = useState<string | null>(null);
  const [locating, setLocating] = useState(false);
  const [photos, setPhotos] = useState<Photo[]>(() => (edit?.images ?? []).map((url, i) => ({ kind: "kept", url, key: url, label: `Foto ${i + 1}` })));
  const [photoNote, setPhotoNote] = useState("");
  const [imageError, setImageError] = useState<string | null>(null);
  const [acceptPrivacy, setAcceptPrivacy] = useState(values.acceptPrivacy === "on");
  const [acceptTerms, setAcceptTerms] = useState(values.acceptTerms === "on");
  const [messagesOnly, setMessagesOnly] = useState(values.messagesOnly === "on");
  const [status, setStatus] = useState<Status>({ kind: "idle" });
  // The server's last refusal (without JavaScript: the page's), as the form kit reads it.
  const [answer, setAnswer] = useState<FormAnswer | undefined>(serverError ? { ok: false, error: serverError, fieldErrors: serverFieldErrors } : undefined);
  const breedRequired = Boolean(breeds && breeds.length > 0);
  const schema = useMemo(() => browserSchema(breedRequired), [breedRequired]);
  const [form, fields] = useZodForm({ id: "listing", schema, answer, badInput: { price: M.priceInvalid } });
  const refused = messagesOf(form.allErrors).length > 0;
  const map = useRef<MapHandle | null>(null);
  const fileInput = useRef<HTMLInputElement>(null);

  // Changing the pet type clears the breed and reloads the list of legal breeds (spec section 4).
  useEffect(() => {
    if (!petType) return;
    let cancelled = false;
    void getJson<{ breeds: string[] }>(`/api/breeds?petType=${petType}`).then((result) => {
      if (!cancelled) setBreeds(result.ok ? result.body.breeds : []);
    });
    return () => {
      cancelled = true;
    };
  }, [petType]);

  // The previews' object URLs are released when the form goes away.
  const previews = useRef<string[]>([]);
  useEffect(() => () => previews.current.forEach((url) => URL.revokeObjectURL(url)), []);

  // Success: the message, then the list after 2 seconds.
  useEffect(() => {
    if (status.kind !== "success") return;
    const timer = setTimeout(() => navigate(edit ? EDIT_DONE_PATH : "/pet-listings"), REDIRECT_MS);
    return () => clearTimeout(timer);
  }, [status.kind, navigate, edit]);

  async function pick(next: LatLng) {
    setPoint(next);
    map.current?.setPicked(next);
    setGeoMessage(null);
    const result = await getJson<{ city: string; region: string; address: string }>(`/api/geocode/reverse?lat=${next.lat}&lng=${next.lng}`);
    if (!result.ok) {
      setGeoMessage(result.error);
      return;
    }
    setCity(result.body.city);
    setRegion(result.body.region);
    if (result.body.address) setAddress(result.body.address);
  }
  // The map keeps the callback it was created with: it calls the latest one through this ref.
  const pickRef = useRef(pick);
  useEffect(() => {
    pickRef.current = pick;
  });

  async function locate() {
    if (!city.trim() || !region.trim()) {
      setGeoMessage(GEO_MESSAGES.missingCityOrRegion);
      return;
    }
    setLocating(true);
    setGeoMessage(null);
    const result = await getJson<{ lat: number; lng: number }>(
      `/api/geocode?city=${encodeURIComponent(city.trim())}&region=${encodeURIComponent(region.trim())}`,
    );
    setLocating(false);
    if (!result.ok) {
      setGeoMessage(result.error);
      return;
    }
    const next = { lat: result.body.lat, lng: result.body.lng };
    setPoint(next);
    map.current?.setPicked(next, FORM_MAP_ZOOM);
  }

  function addFiles(list: FileList | null) {
    const chosen = Array.from(list ?? []);
    if (fileInput.current) fileInput.current.value = "";
    if (chosen.length === 0) return;
    if (photos.length + chosen.length > MAX_LISTING_IMAGES) {
      setImageError(IMAGE_MESSAGES.tooMany);
      return;
    }
    const large = chosen.find((file) => file.size > MAX_IMAGE_BYTES);
    if (large) {
      setImageError(IMAGE_MESSAGES.tooLarge(large.name));
      return;
    }
    setImageError(null);
    const added = chosen.map((file): Photo => {
      const preview = URL.createObjectURL(file);
      return { kind: "new", file, preview, key: preview, label: file.name };
    });
    previews.current.push(...added.map((p) => p.key));
    setPhotos([...photos, ...added]);
  }

  function removePhoto(index: number) {
    const photo = photos[index];
    if (photo?.kind === "new") URL.revokeObjectURL(photo.preview);
    setPhotos(photos.filter((_, i) => i !== index));
    setImageError(null);
    if (photo) setPhotoNote(`${photo.label} rimossa.`);
  }

  /** Moves a photo by one place (-1: before, 1: after), or to the front (the cover) with `to`. */
  function movePhoto(index: number, to: number) {
    const photo = photos[index];
    if (!photo || to < 0 || to >= photos.length || to === index) return;
    const next = photos.filter((_, i) => i !== index);
    next.splice(to, 0, photo);
    setPhotos(next);
    setPhotoNote(to === 0 ? `${photo.label}: ora è la copertina.` : `${photo.label}: ora è la foto ${to + 1} di ${photos.length}.`);
  }

  /** The order the server stores (edit only): kept photos by URL, new ones by their place among the files sent. */
  const newFiles = photos.filter((photo): photo is Extract<Photo, { kind: "new" }> => photo.kind === "new");
  const photoOrder = photos.map((photo) => (photo.kind === "kept" ? photo.url : `${NEW_PHOTO_PREFIX}${newFiles.indexOf(photo)}`)).join(" ");

  const failedMessage = edit ? M.updateError : M.createError;

  async function submit(event: React.FormEvent<HTMLFormElement>) {
    if (status.kind === "sending" || status.kind === "success") {
      event.preventDefault();
      return;
    }
    // The kit checks the form with the schema: a refusal stops it here, each message beside its
    // field and the focus on the first one to correct.
    form.onSubmit(event);
    if (event.defaultPrevented) return;
    // Sent by us, with a progress bar (the page's own post is the way without JavaScript).
    event.preventDefault();
    const body = new FormData(event.currentTarget);
    body.delete("images");
    for (const { file } of newFiles) body.append("images", file, file.name);
    setStatus({ kind: "sending", progress: 0 });
    try {
      const url = edit ? `/api/pet-listings/${edit.id}` : "/api/pet-listings";
      const { status: http, body: reply } = await send(url, body, (progress) => setStatus({ kind: "sending", progress }));
      if (reply.ok) {
        setStatus({ kind: "success" });
        return;
      }
      // The server's body limit answers 413 before the app reads the form (plain text, not JSON).
      setAnswer({ ok: false, error: reply.error ?? (http === 413 ? IMAGE_MESSAGES.requestTooLarge : failedMessage), fieldErrors: reply.fieldErrors });
    } catch {
      setAnswer({ ok: false, error: failedMessage });
    }
    setStatus({ kind: "idle" });
  }

  const sending = status.kind === "sending";
  const legalWarning = (PET_TYPES_WITH_LEGAL_WARNING as readonly string[]).includes(petType);

  if (status.kind === "success") {
    return (
      <p role="status" className="mt-8 rounded-2xl border border-green-200 bg-green-50 p-6 text-lg font-semibold text-green-900">
        {edit ? M.updated : M.success}
      </p>
    );
  }

  return (
    <form
      method="post"
      encType="multipart/form-data"
      {...getFormProps(form)}
      onSubmit={(event) => void submit(event)}
      className="mt-8 space-y-8"
      aria-describedby={refused ? FORM_ERROR_ID : undefined}
    >
      {submissionId ? <input type="hidden" name="submissionId" value={submissionId} /> : null}
      {edit ? (
        <>
          <input type="hidden" name={VERSION_FIELD} value={edit.version} />
          <input type="hidden" name={PHOTO_ORDER_FIELD} value={photoOrder} />
        </>
      ) : null}

      <fieldset className="space-y-4 rounded-2xl border border-stone-200 bg-white p-6 shadow-sm">
        <legend className="px-1 text-lg font-bold text-stone-900">L&apos;animale</legend>
        <div>
          <label htmlFor={fields.title.id} className="field-label">
            Titolo *
          </label>
          <input
            {...getInputProps(fields.title, { type: "text", value: false })}
            maxLength={LISTING_LIMITS.title}
            defaultValue={values.title}
            className="field-input"
            placeholder="Es. Luna, meticcia dolcissima cerca famiglia"
          />
          <FieldError field={fields.title} />
        </div>
        <div className="grid gap-4 sm:grid-cols-2">
          <div>
            <label htmlFor={fields.listingType.id} className="field-label">
              Tipo di annuncio *
            </label>
            <select {...getSelectProps(fields.listingType, { value: false })} value={listingType} onChange={(e) => setListingType(e.target.value)} className="field-input">
              <option value="" disabled>
                Scegli il tipo
              </option>
              <EnumOptions values={LISTING_TYPES.values} labels={LISTING_TYPES.labels} />
            </select>
            <FieldError field={fields.listingType} />
          </div>
          {/* Without JavaScript the price is always there (the server keeps it for a sale only). */}
          {!hydrated || listingType === "sale" ? (
            <div>
              <label htmlFor={fields.price.id} className="field-label">
                Prezzo (€) *
              </label>
              <input
                {...getInputProps(fields.price, { type: "number", value: false })}
                required
                min={0}
                step={0.01}
                inputMode="decimal"
                defaultValue={values.price}
                className="field-input"
              />
              <FieldError field={fields.price} />
            </div>
          ) : null}
        </div>
        <div className="grid gap-4 sm:grid-cols-2">
          <div>
            <label htmlFor={fields.petType.id} className="field-label">
              Tipo di animale *
            </label>
            <select
              {...getSelectProps(fields.petType, { value: false })}
              value={petType}
              onChange={(e) => {
                setPetType(e.target.value as PetType);
                setBreed("");
                setBreeds(null);
              }}
              className="field-input"
            >
              <option value="" disabled>
                Scegli l&apos;animale
              </option>
              <EnumOptions values={PET_TYPES.values} labels={PET_TYPES.labels} />
            </select>
            <FieldError field={fields.petType} />
          </div>
          <div>
            <label htmlFor={fields.breed.id} className="field-label">
              Razza{breeds && breeds.length > 0 ? " *" : ""}
            </label>
            {breeds && breeds.length > 0 ? (
              <select {...getSelectProps(fields.breed, { value: false })} required value={breed} onChange={(e) => setBreed(e.target.value)} className="field-input">
                <option value="">Scegli la razza</option>
                {breeds.map((name) => (
                  <option key={name} value={name}>
                    {name}
                  </option>
                ))}
              </select>
            ) : (
              <input
                {...getInputProps(fields.breed, { type: "text", value: false })}
                value={breed}
                onChange={(e) => setBreed(e.target.value)}
                maxLength={LISTING_LIMITS.breed}
                disabled={hydrated && Boolean(petType) && breeds === null}
                className="field-input"
                placeholder={petType ? "Es. Meticcio" : "Scegli prima il tipo di animale"}
              />
            )}
            <FieldError field={fields.breed} />
          </div>
        </div>
        {legalWarning ? (
          <div role="note" className="flex gap-3 rounded-xl border border-amber-300 bg-amber-50 p-4 text-sm text-amber-950">
            <Icon node={AlertTriangle} aria-hidden size={20} className="mt-0.5 shrink-0" />
            <p>
              <strong>Requisiti di legge.</strong> Molte specie di {petType === "bird" ? "uccelli" : petType === "reptile" ? "rettili" : "roditori"} sono
              protette dalla convenzione CITES: la cessione richiede la documentazione di provenienza.
              {petType === "reptile" ? " Per i rettili servono anche il microchip e la comunicazione all'ASL." : ""} Prima di pubblicare leggi la{" "}
              <Link to="/legal-pets-info" className="font-semibold underline">
                guida agli animali legali in Italia
              </Link>
              .
            </p>
          </div>
        ) : null}
        <LegalIdentification petType={petType} hydrated={hydrated} fields={fields} values={values} />
        <LegalBirthDate petType={petType} hydrated={hydrated} fields={fields} values={values} />
        <div className="grid gap-4 sm:grid-cols-2">
          <div hidden={hydrated && hasBirthDate(petType)}>
            <label htmlFor={fields.age.id} className="field-label">
              Età{hydrated ? "" : " (altri animali)"}
            </label>
            <input
              {...getInputProps(fields.age, { type: "text", value: false })}
              maxLength={LISTING_LIMITS.age}
              defaultValue={values.age}
              className="field-input"
              placeholder="Es. 2 anni"
            />
            <FieldError field={fields.age} />
          </div>
          <div>
            <label htmlFor={fields.gender.id} className="field-label">
              Sesso *
            </label>
            <select {...getSelectProps(fields.gender, { value: false })} defaultValue={values.gender ?? ""} className="field-input">
              <option value="" disabled>
                Scegli
              </option>
              <EnumOptions values={GENDERS.values} labels={GENDERS.labels} />
            </select>
            <FieldError field={fields.gender} />
          </div>
        </div>
        <div>
          <label htmlFor={fields.description.id} className="field-label">
            Descrizione *
          </label>
          <textarea
            {...getTextareaProps(fields.description, { value: false })}
            rows={6}
            maxLength={LISTING_LIMITS.description}
            defaultValue={values.description}
            className="field-input"
            placeholder="Carattere, salute, vaccinazioni, con chi va d'accordo…"
          />
          <FieldError field={fields.description} />
        </div>
      </fieldset>

      <LegalSeller petType={petType} listingType={listingType} breed={breed} hydrated={hydrated} fields={fields} values={values} />

      <fieldset className="space-y-4 rounded-2xl border border-stone-200 bg-white p-6 shadow-sm">
        <legend className="px-1 text-lg font-bold text-stone-900">Dove si trova</legend>
        <div className="grid gap-4 sm:grid-cols-[1fr_1fr_auto]">
          <div>
            <label htmlFor={fields.city.id} className="field-label">
              Città *
            </label>
            <input
              {...getInputProps(fields.city, { type: "text", value: false })}
              maxLength={LISTING_LIMITS.city}
              value={city}
              onChange={(e) => setCity(e.target.value)}
              className="field-input"
            />
            <FieldError field={fields.city} />
          </div>
          <div>
            <label htmlFor={fields.region.id} className="field-label">
              Regione *
            </label>
            <input
              {...getInputProps(fields.region, { type: "text", value: false })}
              list="italian-regions"
              maxLength={LISTING_LIMITS.region}
              value={region}
              onChange={(e) => setRegion(e.target.value)}
              className="field-input"
            />
            <FieldError field={fields.region} />
            <datalist id="italian-regions">
              {ITALIAN_REGIONS.map((name) => (
                <option key={name} value={name} />
              ))}
            </datalist>
          </div>
          <button type="button" className="btn-secondary self-end" onClick={() => void locate()} disabled={locating}>
            <Icon node={LocateFixed} aria-hidden size={18} /> {locating ? "Ricerca..." : "Trova sulla mappa"}
          </button>
        </div>
        <div>
          <label htmlFor={fields.address.id} className="field-label">
            Indirizzo *
          </label>
          <input
            {...getInputProps(fields.address, { type: "text", value: false })}
            autoComplete="street-address"
            maxLength={LISTING_LIMITS.address}
            value={address}
            onChange={(e) => setAddress(e.target.value)}
            className="field-input"
            placeholder="Es. Via Roma 10"
          />
          <FieldError field={fields.address} />
        </div>
        <p id="listing-map-hint" className="text-sm text-stone-700">
          Fai clic sulla mappa per indicare dove si trova l&apos;animale: città e regione si compilano da sole.
        </p>
        <noscript>
          <p className="text-sm text-stone-700">Senza JavaScript la mappa non è disponibile: la posizione sarà quella del comune indicato.</p>
        </noscript>
        <MapView
          label="Mappa per scegliere la posizione"
          className="h-80"
          center={ITALY_CENTER}
          zoom={6}
          tiles={tiles}
          onPick={(next) => void pickRef.current(next)}
          onReady={(handle) => {
            map.current = handle;
            // An edited listing opens on its place.
            if (point) handle.setPicked(point, FORM_MAP_ZOOM);
          }}
        />
        <input type="hidden" name={fields.lat.name} value={point ? String(point.lat) : ""} />
        <input type="hidden" name="lng" value={point ? String(point.lng) : ""} />
        <p aria-live="polite" className="text-sm">
          {point ? (
            <span className="text-green-800">
              Posizione scelta: {point.lat.toFixed(5)}, {point.lng.toFixed(5)}
            </span>
          ) : (
            <span className="text-stone-700">Nessuna posizione scelta.</span>
          )}
        </p>
        <FieldError field={fields.lat} />
        {geoMessage ? (
          <Notice tone="error">
            {geoMessage}
          </Notice>
        ) : null}
      </fieldset>

      <fieldset className="space-y-4 rounded-2xl border border-stone-200 bg-white p-6 shadow-sm">
        <legend className="px-1 text-lg font-bold text-stone-900">Foto</legend>
        <div>
          <label htmlFor="listing-images" className="btn-secondary cursor-pointer focus-within:outline-3 focus-within:outline-brand-700">
            <Icon node={ImagePlus} aria-hidden size={18} /> Aggiungi foto
          </label>
          <input
            ref={fileInput}
            id="listing-images"
            name="images"
            type="file"
            accept={IMAGE_ACCEPT}
            multiple
            onChange={(e) => addFiles(e.currentTarget.files)}
            aria-describedby="listing-images-hint"
            className="sr-only"
          />
          <p id="listing-images-hint" className="mt-2 text-sm text-stone-700">
            {IMAGE_MESSAGES.hint} ({photos.length}/{MAX_LISTING_IMAGES})
          </p>
        </div>
        {imageError ? (
          <Notice tone="error">
            {imageError}
          </Notice>
        ) : null}
        {photos.length ? (
          <>
            <p id="listing-photos-cover-hint" className="text-sm text-stone-700">
              La prima foto è la copertina: compare nelle schede e in cima all&apos;annuncio.
            </p>
            <ol className="grid grid-cols-1 gap-3 sm:grid-cols-3 lg:grid-cols-5" aria-describedby="listing-photos-cover-hint">
              {photos.map((photo, i) => {
                const label = photo.label;
                return (
                  <li key={photo.key} className="flex flex-col gap-2 rounded-lg border border-stone-200 p-2">
                    <div className="relative">
                      <img src={photo.kind === "new" ? photo.preview : thumbnailUrl(photo.url)} alt={label} className="aspect-square w-full rounded-lg object-cover" />
                      {i === 0 ? (
                        <span className="absolute bottom-1 left-1 rounded-full bg-brand-700 px-2 py-0.5 text-xs font-semibold text-white">Copertina</span>
                      ) : null}
                    </div>
                    {/* Without JavaScript the photos keep their order (new ones go last); with it, every move has a button. */}
                    {hydrated ? (
                      <div className="flex flex-wrap gap-1">
                        <button type="button" className="btn-secondary px-2 py-1 text-xs" onClick={() => movePhoto(i, i - 1)} disabled={i === 0} aria-label={`Sposta prima: ${label}`}>
                          <Icon node={ArrowLeft} aria-hidden size={14} /> Sposta prima
                        </button>
                        <button
                          type="button"
                          className="btn-secondary px-2 py-1 text-xs"
                          onClick={() => movePhoto(i, i + 1)}
                          disabled={i === photos.length - 1}
                          aria-label={`Sposta dopo: ${label}`}
                        >
                          Sposta dopo <Icon node={ArrowRight} aria-hidden size={14} />
                        </button>
                        {i > 0 ? (
                          <button type="button" className="btn-secondary px-2 py-1 text-xs" onClick={() => movePhoto(i, 0)} aria-label={`Usa come copertina: ${label}`}>
                            <Icon node={Star} aria-hidden size={14} /> Usa come copertina
                          </button>
                        ) : null}
                        <button type="button" className="btn-secondary px-2 py-1 text-xs text-red-800" onClick={() => removePhoto(i)} aria-label={`Rimuovi ${label}`}>
                          <Icon node={X} aria-hidden size={14} /> Rimuovi
                        </button>
                      </div>
                    ) : null}
                  </li>
                );
              })}
            </ol>
          </>
        ) : null}
        <p aria-live="polite" className="sr-only">
          {photoNote}
        </p>
      </fieldset>

      <fieldset className="space-y-4 rounded-2xl border border-stone-200 bg-white p-6 shadow-sm">
        <legend className="px-1 text-lg font-bold text-stone-900">Contatti</legend>
        <p id="listing-contact-hint" className="text-sm text-stone-700">
          {CONTACT_TEXTS.formHint}
        </p>
        <div className="grid gap-4 sm:grid-cols-3">
          <div>
            <label htmlFor={fields.contactName.id} className="field-label">
              Nome *
            </label>
            <input
              {...getInputProps(fields.contactName, { type: "text", value: false })}
              autoComplete="name"
              maxLength={LISTING_LIMITS.contactName}
              defaultValue={values.contactName ?? contact.name}
              className="field-input"
            />
            <FieldError field={fields.contactName} />
          </div>
          <div>
            <label htmlFor={fields.contactPhone.id} className="field-label">
              Telefono{messagesOnly ? "" : " *"}
            </label>
            <input
              {...getInputProps(fields.contactPhone, { type: "tel", value: false })}
              required={!messagesOnly}
              autoComplete="tel"
              maxLength={LISTING_LIMITS.phone}
              defaultValue={values.contactPhone}
              className="field-input"
            />
            <FieldError field={fields.contactPhone} />
          </div>
          <div>
            <label htmlFor={fields.contactEmail.id} className="field-label">
              Email{messagesOnly ? "" : " *"}
            </label>
            <input
              {...getInputProps(fields.contactEmail, { type: "email", value: false })}
              required={!messagesOnly}
              autoComplete="email"
              defaultValue={values.contactEmail ?? contact.email}
              className="field-input"
            />
            <FieldError field={fields.contactEmail} />
          </div>
        </div>
        <label className="flex items-start gap-3 text-stone-800">
          <input
            type="checkbox"
            name="messagesOnly"
            checked={messagesOnly}
            onChange={(e) => setMessagesOnly(e.target.checked)}
            aria-describedby="listing-messages-only-hint"
            className="mt-1 h-5 w-5 accent-brand-700"
          />
          <span>
            <span className="font-medium">{CONTACT_TEXTS.messagesOnlyLabel}</span>
            <span id="listing-messages-only-hint" className="block text-sm text-stone-700">
              {CONTACT_TEXTS.messagesOnlyHint}
            </span>
          </span>
        </label>
      </fieldset>

      <div className="space-y-3">
        <label className="flex items-start gap-3 text-stone-800">
          <input
            type="checkbox"
            name="acceptPrivacy"
            checked={acceptPrivacy}
            onChange={(e) => setAcceptPrivacy(e.target.checked)}
            className="mt-1 h-5 w-5 accent-brand-700"
          />
          <span>
            Ho letto e accetto la{" "}
            <Link to="/privacy" className="font-medium text-brand-800 underline">
              Privacy Policy
            </Link>{" "}
            *
          </span>
        </label>
        <label className="flex items-start gap-3 text-stone-800">
          <input
            {...getInputProps(fields.acceptTerms, { type: "checkbox", value: false })}
            checked={acceptTerms}
            onChange={(e) => setAcceptTerms(e.target.checked)}
            className="mt-1 h-5 w-5 accent-brand-700"
          />
          <span>
            Accetto i{" "}
            <Link to="/terms" className="font-medium text-brand-800 underline">
              Termini di Servizio
            </Link>{" "}
            e dichiaro che l&apos;annuncio rispetta la legge *
          </span>
        </label>
        <FieldError field={fields.acceptTerms} />
      </div>

      {sending ? null : <FormAlert form={form} id={FORM_ERROR_ID} />}
      {sending ? (
        <div>
          <p id="upload-progress-label" className="text-sm font-medium text-stone-800">
            Caricamento in corso… {Math.round(status.progress * 100)}%
          </p>
          <div
            role="progressbar"
            aria-labelledby="upload-progress-label"
            aria-valuemin={0}
            aria-valuemax={100}
            aria-valuenow={Math.round(status.progress * 100)}
            className="mt-2 h-3 overflow-hidden rounded-full bg-stone-200"
          >
            <div className="h-full bg-brand-700 transition-[width]" style={{ width: `${Math.round(status.progress * 100)}%` }} />
          </div>
        </div>
      ) : null}
      {/* Without JavaScript the boxes cannot enable it: the server checks them instead. */}
      <button type="submit" className="btn-primary" disabled={(hydrated && (!acceptPrivacy || !acceptTerms)) || sending}>
        {edit ? (sending ? "Salvataggio in corso..." : "Salva le modifiche") : sending ? "Pubblicazione in corso..." : "Pubblica Annuncio"}
      </button>
    </form>
  );
}
