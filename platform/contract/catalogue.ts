import { z } from "zod";
import { endpoint } from "./endpoint";

// The catalogue endpoints of the /api contract.
void z;
void endpoint;
