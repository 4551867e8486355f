import { NotFoundError } from "../util/error";

/** A `{kind}` no registered kind made by defineKind is named (the generic admin routes). */
export class UnknownKind extends NotFoundError {
  constructor(name: string) {
    super("kind.unknown", `No kind of record named "${name.slice(0, 60)}" has an administrators' list`);
  }
}

/** A record of a known kind that is not there (deleted meanwhile, or never made). */
export class RecordNotFound extends NotFoundError {
  constructor(label: string) {
    super("kind.record_not_found", `This ${label} was not found`);
  }
}
