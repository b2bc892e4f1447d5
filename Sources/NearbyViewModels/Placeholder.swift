public enum ViewModelsPlaceholder {}
