import { z } from "zod";
import { endpoint } from "./endpoint";

// The location endpoints of the /api contract.
void z;
void endpoint;
