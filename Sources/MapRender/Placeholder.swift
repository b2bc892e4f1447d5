public enum MapRenderPlaceholder {}
