import { z } from "zod";
import { endpoint } from "./endpoint";

// The basket endpoints of the /api contract.
void z;
void endpoint;
