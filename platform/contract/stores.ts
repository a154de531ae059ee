import { z } from "zod";
import { endpoint } from "./endpoint";

// The stores endpoints of the /api contract.
void z;
void endpoint;
